/**
 * Notes, files and history belong to a contact or to an agency. One implementation serves both,
 * told which parent it works for by a ParentRef.
 */
export type ParentKind = 'contact' | 'agency';

export interface ParentRef {
  kind: ParentKind;
  id: number;
}

export const PARENT_COLUMN = { contact: 'contact_id', agency: 'agency_id' } as const satisfies Record<
  ParentKind,
  string
>;

export function parentValues(parent: ParentRef): { contact_id: number | null; agency_id: number | null } {
  return {
    contact_id: parent.kind === 'contact' ? parent.id : null,
    agency_id: parent.kind === 'agency' ? parent.id : null,
  };
}
