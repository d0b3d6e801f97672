import type { RecordParent } from './record-types';

/** Query keys of one record's tabs; the parent screen invalidates `history` after its own edits. */
export const recordTabKeys = {
  everyRecord: ['record-tabs'] as const,
  all: (parent: RecordParent) => ['record-tabs', parent.basePath] as const,
  notes: (parent: RecordParent) => ['record-tabs', parent.basePath, 'notes'] as const,
  files: (parent: RecordParent) => ['record-tabs', parent.basePath, 'files'] as const,
  history: (parent: RecordParent) => ['record-tabs', parent.basePath, 'history'] as const,
};
