import type { LiveRecordKind } from '@crm/domain';
import type { LiveQueries } from '../../lib/live-queries';
import { recordTabKeys } from './record-keys';
import { recordParent } from './record-types';

const SEGMENT: Record<LiveRecordKind, 'contacts' | 'agencies' | 'deals'> = {
  contact: 'contacts',
  agency: 'agencies',
  deal: 'deals',
};

/** The record an event names, as its tabs address it. */
const parentOf = (kind: LiveRecordKind, id: number) => recordParent(SEGMENT[kind], id);

/**
 * A record's notes, files and staff are published as events of the record itself, so its event
 * refreshes all of its tabs; a task's changes are written into its record's history.
 */
export const recordTabLiveQueries: LiveQueries = {
  contact: ({ id }) => [recordTabKeys.all(parentOf('contact', id))],
  agency: ({ id }) => [recordTabKeys.all(parentOf('agency', id))],
  deal: ({ id }) => [recordTabKeys.all(parentOf('deal', id))],
  task: ({ record }) => (record ? [recordTabKeys.history(parentOf(record.kind, record.id))] : []),
};
