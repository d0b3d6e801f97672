import { conflict } from '../../lib/http-errors.js';
import type { MergeRow } from './merge.repository.js';

export const MERGE_UNDO_DAYS = 30;

export const mergeMessages = {
  sameRecord: 'Choose two different records to merge',
  inactive: 'Only active records can be merged',
  notFound: 'Merge not found',
  alreadyUndone: 'This merge was already undone',
  tooOld: `A merge can only be undone within ${MERGE_UNDO_DAYS} days`,
  laterMerge: 'Undo the later merge of these records first',
  editedSince: 'The survivor was edited since the merge',
} as const;

/** A field's value is empty when there is nothing to keep: the other side's value is then preselected. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === 0;
}

/** Which side's value a field starts with: a filled value over an empty one, else the newer record's. */
export function preselect(
  survivorValue: unknown,
  otherValue: unknown,
  survivorIsNewer: boolean,
): 'survivor' | 'other' {
  if (isEmptyValue(otherValue)) return 'survivor';
  if (isEmptyValue(survivorValue)) return 'other';
  return survivorIsNewer ? 'survivor' : 'other';
}

/** An undo puts both records back only while nothing since depends on the merge. */
export function checkUndoable(merge: MergeRow, now: Date): void {
  if (merge.undone_at) throw conflict(mergeMessages.alreadyUndone);
  const age = now.getTime() - new Date(merge.created_at).getTime();
  if (age > MERGE_UNDO_DAYS * 86_400_000) throw conflict(mergeMessages.tooOld);
}

/** Refuses an undo when fields the merge set were edited since, naming them. */
export function refuseEditedFields(edited: string[], labels: Record<string, string>): void {
  if (edited.length === 0) return;
  const names = edited.map((field) => labels[field] ?? field);
  throw conflict(
    `${mergeMessages.editedSince}: ${names.join(', ')}`,
    Object.fromEntries(edited.map((field) => [field, 'Edited since the merge'])),
  );
}
