import { formatMoney } from '@crm/domain';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { installationCurrency } from './deal-write.js';

export { installationCurrency };

import { findDealsForSearch } from './deals.repository.js';

/**
 * What other modules may read of deals. Writes go through deal-write.ts; nothing outside this module
 * reads the repositories.
 */

/** A deal the palette found, with the keys it ranks by and its line of context made only when shown. */
export interface DealFound {
  id: number;
  title: string;
  /** The search-folded keys the query may equal or start with: the title, the contact's name and surname. */
  keys: string[];
  isActive: boolean;
  updatedAt: string;
  context: () => string;
}

/**
 * Deals whose title, or whose contact's name or surname, starts with a search-folded text, among
 * those the actor may see: a plain user's own active deals (owned or assigned), every deal for an
 * admin.
 */
export async function dealsForPalette(db: Db, actor: Actor, text: string): Promise<DealFound[]> {
  const rows = await findDealsForSearch(db, text, isAdmin(actor) ? null : actor.user.id);
  if (rows.length === 0) return [];
  const currency = await installationCurrency(db);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    keys: [row.title_fold, row.contact_name_fold, row.contact_surname_key],
    isActive: row.is_active === 1,
    updatedAt: row.updated_at,
    context: () =>
      [
        'Deal',
        row.stage_name,
        `${row.contact_name} ${row.contact_surname}`.trim(),
        formatMoney(Number(row.amount_pence), currency),
        row.is_active === 1 ? null : 'Inactive',
      ]
        .filter((part) => !!part)
        .join(' · '),
  }));
}
