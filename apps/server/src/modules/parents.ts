/**
 * Notes, files, tasks and history belong to a contact, an agency or a deal. One implementation
 * serves all three, told which parent it works for by a ParentRef.
 */
export type ParentKind = 'contact' | 'agency' | 'deal';

/** The parents whose history is the shared `history` table and which merge (a deal keeps its own). */
export type SharedHistoryKind = Exclude<ParentKind, 'deal'>;

export interface ParentRef {
  kind: ParentKind;
  id: number;
}

export const PARENT_COLUMN = {
  contact: 'contact_id',
  agency: 'agency_id',
  deal: 'deal_id',
} as const satisfies Record<ParentKind, string>;

export function parentValues(parent: ParentRef): {
  contact_id: number | null;
  agency_id: number | null;
  deal_id: number | null;
} {
  return {
    contact_id: parent.kind === 'contact' ? parent.id : null,
    agency_id: parent.kind === 'agency' ? parent.id : null,
    deal_id: parent.kind === 'deal' ? parent.id : null,
  };
}

/**
 * Who may see a deal, and so its notes, files and tasks: admins every deal, anyone else the active
 * deals they own or are assigned. The deals module's own reads and writes ask the same rule.
 */
export function dealVisibleTo(
  deal: { owner_id: number; assigned_to_id: number | null; is_active: number },
  userId: number,
  admin: boolean,
): boolean {
  if (admin) return true;
  return (deal.owner_id === userId || deal.assigned_to_id === userId) && deal.is_active === 1;
}
