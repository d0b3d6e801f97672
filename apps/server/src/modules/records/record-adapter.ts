import type { Db } from '../../db/database.js';
import type { HistoryEntryWrite } from '../history/history.repository.js';
import type { DuplicateSpec } from './duplicate-spec.js';
import type { WriteScope } from './write-scope.js';

/** The kinds that merge; a deal is a record kind too, for imports. */
export type RecordKind = 'contact' | 'agency';

/** What the shared features (merge, its undo, an import's undo) ask a record kind's write path to do. */
export interface RecordChange<Fields> {
  fields?: Partial<Fields>;
  isActive?: boolean;
  mergedIntoId?: number | null;
  version?: number;
  /** Entries the history records beside the changed fields' own. */
  notes?: HistoryEntryWrite[];
  /** An import's undo: whoever created the record by that import may deactivate it. */
  undoesOwnCreation?: boolean;
}

/** A field a person chooses between when two records are merged. */
export interface MergeField<View> {
  /** Its name in the record's view, its form and the merge's choices. */
  field: string;
  label: string;
  /** Its name in the history and the versions (an agency link is 'agency', not 'agencyId'). */
  history: string;
  /** How the merge screen shows a value, when not as plain text. */
  shown?: (view: View) => string | null;
  /** Fields whose values come with this one's (a phone's country code). */
  with?: readonly string[];
  /** Leaves the field out of the choice for this pair (an agency cannot become its own parent). */
  skip?: (survivor: View, other: View) => boolean;
}

/**
 * What one record kind supplies to the features every kind shares (merge, duplicates, an import's
 * rows and undo): how to read one, how to lock and read it inside a write, its one write function,
 * its merge fields and its duplicate keys. A new kind is a new adapter, not a copy of the features.
 */
export interface RecordAdapter<
  View extends { id: number; isActive: boolean; updatedAt: string },
  Fields,
  Kind extends string = RecordKind,
> {
  kind: Kind;
  notFound: string;
  read(db: Db, id: number): Promise<View | undefined>;
  /** Holds the record for the writing transaction (its row lock) and reads it under that lock. */
  lock(w: WriteScope, id: number): Promise<View | undefined>;
  write(w: WriteScope, id: number, change: RecordChange<Fields>): Promise<{ changed: string[] }>;
  mergeFields: readonly MergeField<View>[];
  /** How history entries about another record name this one: "Ayşe Demir (#12)". */
  label(view: View): string;
  duplicates: DuplicateSpec<never, unknown>;
}
