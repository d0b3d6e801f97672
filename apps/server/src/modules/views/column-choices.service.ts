import { type ColumnChoice, type ColumnWidths, unknownColumns, VIEW_LISTS, type ViewList } from '@crm/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import {
  columnChoicesOf,
  deleteEmptyColumnChoice,
  upsertColumnChoice,
  upsertColumnWidths,
} from './column-choices.repository.js';

const storedColumns = z.array(z.string()).nullable();
const storedWidths = z.record(z.string(), z.number());

export interface ListColumns {
  list: ViewList;
  /** The chosen columns in order, or null for every column. */
  columns: string[] | null;
  /** Resized columns' widths in px by key. */
  widths: ColumnWidths;
}

/** The caller's column choice and widths for every list they have set either for. */
export async function listColumnChoices(ctx: AppContext, actor: Actor): Promise<ListColumns[]> {
  const rows = await columnChoicesOf(ctx.db, actor.user.id);
  return rows.flatMap((row) => {
    const columns = storedColumns.safeParse(JSON.parse(row.columns));
    const widths = storedWidths.safeParse(JSON.parse(row.widths));
    const list = VIEW_LISTS.find((known) => known === row.list);
    return list && columns.success
      ? [{ list, columns: columns.data, widths: widths.success ? widths.data : {} }]
      : [];
  });
}

/** Keeps the caller's choice for a list; null goes back to every column (widths stay). */
export async function chooseColumns(
  ctx: AppContext,
  actor: Actor,
  list: ViewList,
  choice: ColumnChoice,
): Promise<{ list: ViewList; columns: string[] | null }> {
  await upsertColumnChoice(ctx.db, actor.user.id, list, JSON.stringify(choice.columns), nowIso());
  if (choice.columns === null) await deleteEmptyColumnChoice(ctx.db, actor.user.id, list);
  return { list, columns: choice.columns };
}

/** Keeps the caller's column widths for a list, all at once; `{}` goes back to the list's own. */
export async function resizeColumns(
  ctx: AppContext,
  actor: Actor,
  list: ViewList,
  widths: ColumnWidths,
): Promise<{ list: ViewList; widths: ColumnWidths }> {
  const unknown = unknownColumns(list, widths);
  if (unknown.length > 0) throw fieldError('widths', `Unknown column: ${unknown.join(', ')}`);
  await upsertColumnWidths(ctx.db, actor.user.id, list, JSON.stringify(widths), nowIso());
  if (Object.keys(widths).length === 0) await deleteEmptyColumnChoice(ctx.db, actor.user.id, list);
  return { list, widths };
}
