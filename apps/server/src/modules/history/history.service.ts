import type { Db } from '../../db/database.js';
import type { SharedHistoryKind } from '../parents.js';
import { reparentIds, reparentRows } from '../parents.repository.js';
import type { HistoryEntryWrite } from './history.repository.js';

export type HistoryValue = string | number | boolean | null | undefined;

function asText(value: HistoryValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

/** One 'edited' entry per field whose value differs, in the order the fields are given. */
export function changedFields(
  before: Record<string, HistoryValue>,
  after: Record<string, HistoryValue>,
  fields: readonly string[],
): HistoryEntryWrite[] {
  const entries: HistoryEntryWrite[] = [];
  for (const field of fields) {
    const oldValue = asText(before[field]);
    const newValue = asText(after[field]);
    if (oldValue !== newValue) entries.push({ kind: 'edited', field, oldValue, newValue });
  }
  return entries;
}

/** A merge hands a record's history to its survivor; its undo hands exactly those entries back. */
export const moveHistory = (db: Db, kind: SharedHistoryKind, fromId: number, toId: number) =>
  reparentRows(db, 'history', kind, fromId, toId);
export const moveHistoryBack = (db: Db, kind: SharedHistoryKind, ids: number[], toId: number) =>
  reparentIds(db, 'history', kind, ids, toId);

export { entriesWrittenSince } from './history.repository.js';
