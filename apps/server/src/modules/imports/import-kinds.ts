import { agencyImport } from '../agencies/agency-import.js';
import { contactImport } from '../contacts/contact-import.js';
import { dealImport } from '../deals/deal-import.js';
import type { ImportAdapter } from '../records/import-adapter.js';

/** What can be imported: each kind's adapter, by the entity an upload names. */
const KINDS: Record<string, ImportAdapter> = {
  contacts: contactImport,
  agencies: agencyImport,
  deals: dealImport,
};

export const IMPORT_ENTITIES = ['contacts', 'agencies', 'deals'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export function importKind(entity: string): ImportAdapter {
  const kind = KINDS[entity];
  if (!kind) throw new Error(`Nothing imports ${entity}`);
  return kind;
}
