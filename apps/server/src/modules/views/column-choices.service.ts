import { type ColumnChoice, VIEW_LISTS, type ViewList } from '@crm/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { nowIso } from '../../lib/time.js';
import { columnChoicesOf, deleteColumnChoice, upsertColumnChoice } from './column-choices.repository.js';

const storedColumns = z.array(z.string());

export interface ListColumns {
  list: ViewList;
  columns: string[];
}

/** The caller's column choice for every list they have chosen for; the others show every column. */
export async function listColumnChoices(ctx: AppContext, actor: Actor): Promise<ListColumns[]> {
  const rows = await columnChoicesOf(ctx.db, actor.user.id);
  return rows.flatMap((row) => {
    const columns = storedColumns.safeParse(JSON.parse(row.columns));
    const list = VIEW_LISTS.find((known) => known === row.list);
    return list && columns.success ? [{ list, columns: columns.data }] : [];
  });
}

/** Keeps the caller's choice for a list; null goes back to every column. */
export async function chooseColumns(
  ctx: AppContext,
  actor: Actor,
  list: ViewList,
  choice: ColumnChoice,
): Promise<{ list: ViewList; columns: string[] | null }> {
  if (choice.columns === null) await deleteColumnChoice(ctx.db, actor.user.id, list);
  else await upsertColumnChoice(ctx.db, actor.user.id, list, JSON.stringify(choice.columns), nowIso());
  return { list, columns: choice.columns };
}
