import { type RecordParent, recordParent, recordTabKeys } from '../../../components/record-tabs';

/** The agency as the shared notes, files and history tabs address it: /api/agencies/{id}/…. */
export function agencyRecord(agencyId: number): RecordParent {
  return recordParent('agencies', agencyId);
}

/** The Activities tab's query; staff changes and edits write history, so they reload it. */
export function historyKey(agencyId: number) {
  return recordTabKeys.history(agencyRecord(agencyId));
}
