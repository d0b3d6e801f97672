import type { RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { RecordAdapter, RecordChange, RecordKind } from './record-adapter.js';
import type { WriteScope } from './write-scope.js';

/** A problem with one row, on one field when it is about one. */
export interface RowIssue {
  field: string | null;
  message: string;
}

/** A field a column can be mapped to: its key, the label the screens show, and other names for it. */
export interface ImportField {
  key: string;
  label: string;
  aliases: string[];
}

/** A row's values as the form would send them, and what its lookups found wrong. */
export interface TranslatedRow {
  input: Record<string, unknown>;
  errors: RowIssue[];
  /** What holds the row back without being an error: an ambiguous phone number is never written. */
  warnings?: RowIssue[];
  /** How its phone cells were read, by field: { phone: "+90 538 495 00 02" }. */
  readings?: Record<string, string>;
}

/** A record as an import's update compares it: its values by field, and the version read. */
export interface CurrentRecord {
  values: Record<string, unknown>;
  version: number;
}

export type PlannedCreate = { record: unknown } | { issues: RowIssue[] };
/** What an update changes, field by field: [before, after]; empty when nothing differs. */
export type PlannedUpdate = { changes: Record<string, [unknown, unknown]> } | { issues: RowIssue[] };

/**
 * One import's view of its record kind: how a row's cells become the form's values (its lookups
 * cached for the import), a new record and an update planned from them, and how the batch writes
 * them through the kind's write path. The planner, the duplicates in the file and the database,
 * the decisions and the undo are the same for every kind (imports/import-planner.ts).
 */
export interface ImportRows {
  translate(cells: Record<string, string>): Promise<TranslatedRow>;
  /** Notes a row planned, or committed before a resume: a later row may refer to it (a parent). */
  remember(cells: Record<string, string>): void;
  /** The fields the kind's duplicate keys are read from, straight from the cells. */
  keyFields(cells: Record<string, string>): unknown;
  label(cells: Record<string, string>): string;
  read(db: Db, id: number): Promise<CurrentRecord | undefined>;
  planCreate(row: TranslatedRow): PlannedCreate;
  planUpdate(current: CurrentRecord, row: TranslatedRow): PlannedUpdate;
  /** Writes a batch's new records, in order: each one's id, or why it was refused. */
  create(w: WriteScope, records: unknown[]): Promise<(number | RowIssue)[]>;
  /** The change that sets these values: a row's new ones, or the old ones an undo puts back. */
  changeFor(values: Record<string, unknown>): RecordChange<never>;
}

export interface ImportAdapter {
  record: RecordAdapter<{ id: number; isActive: boolean; updatedAt: string }, never, RecordKind | 'deal'>;
  /** How the reasons name the kind: 'contact', 'partner'. */
  noun: string;
  fields: readonly ImportField[];
  /**
   * The records an importer's rows may match (by the kind's unqualified columns), when not all the
   * candidates: a plain user's rows see only their own deals, so a row learns nothing of another's.
   */
  visibleTo?(importer: Actor): RawBuilder<SqlBool>;
  /** The key rows are matched on when the one asked for is not the kind's (a deal has no e-mail). */
  defaultKey?: string;
  /** `country`: whose numbers a phone without a calling code is, unless the row names its own code. */
  rows(db: Db, importer: Actor, options: { type?: string | null; country: string }): ImportRows;
}
