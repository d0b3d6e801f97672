import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { DuplicateKey } from '../records/duplicate-spec.js';
import { findByKeys } from '../records/duplicates.repository.js';
import type { ImportAdapter, ImportRows, RowIssue, TranslatedRow } from '../records/import-adapter.js';
import type { Mapping } from './import-fields.js';
import { type MatchKey, matchKeyOf } from './import-match-key.js';

export type ImportMode = 'create' | 'upsert' | 'update';
/** Contacts and partners match on e-mail, phone or both; deals on their id or their title and contact. */
export type { MatchKey } from './import-match-key.js';

/**
 * A duplicate of a row, with the one sentence that names it. `reason`: it is why the row is skipped,
 * so the row's reason already says it and the screens show it once.
 */
export type DuplicateNote = ({ in: 'file'; row: number } | { in: 'database'; id: number; name: string }) & {
  on: string[];
  message: string;
  reason?: true;
};

export interface RowPlan {
  rowNumber: number;
  label: string;
  action: 'create' | 'update' | 'skip' | 'error';
  errors: RowIssue[];
  /** What holds the row back without being an error (an ambiguous phone): the row is skipped. */
  warnings: RowIssue[];
  /** How its phone cells were read, by field. */
  readings?: Record<string, string>;
  duplicates: DuplicateNote[];
  reason?: string;
  recordId?: number;
  /** Field by field, what an update changes: [before, after]. */
  changes?: Record<string, [unknown, unknown]>;
  /** The version an update was planned against: a change of its fields since is refused. */
  version?: number;
  /** The kind's new record, for the run to write. */
  create?: unknown;
}

export interface ImportOptions {
  mode: ImportMode;
  key: MatchKey;
  /** Contacts: LEAD or CUSTOMER. */
  type?: string | null;
  /** Whose numbers a phone without a calling code is (ISO 3166 code). */
  country: string;
}

interface Draft {
  rowNumber: number;
  cells: Record<string, string>;
  row: TranslatedRow;
  keys: Map<string, string>;
}

export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Plans an import's rows, whatever the record kind: translates each row (the kind's adapter), finds
 * its duplicates in the file and in the database by the kind's duplicate keys (one lookup per batch,
 * the same as the forms'), and decides what happens to it. Nothing is written here; the same plan
 * serves the preview and the run.
 */
export class ImportPlanner {
  readonly rows: ImportRows;
  /** For each key, the first row of the file that had each value. */
  private readonly seen = new Map<string, Map<string, number>>();
  /** The kind's duplicate lookup, narrowed to the records the importer may see. */
  private readonly duplicates: ImportAdapter['record']['duplicates'];

  constructor(
    private readonly db: Db,
    readonly kind: ImportAdapter,
    private readonly mapping: Mapping,
    private readonly options: ImportOptions,
    importer: Actor,
  ) {
    this.rows = kind.rows(db, importer, { type: options.type, country: options.country });
    const spec = kind.record.duplicates;
    const visible = kind.visibleTo?.(importer);
    this.duplicates = visible ? { ...spec, candidates: sql`${spec.candidates} and ${visible}` } : spec;
  }

  /** The key asked for, or the kind's own when it has no key of that name (a deal has no e-mail). */
  private get matchKey(): string {
    return matchKeyOf(this.kind, this.options.key);
  }

  private get keys(): readonly DuplicateKey<unknown>[] {
    return this.kind.record.duplicates.keys as readonly DuplicateKey<unknown>[];
  }

  /** The mapped, non-empty cells of a row by field. */
  private cells(values: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    this.mapping.forEach((field, index) => {
      const value = values[index]?.trim();
      if (field && value) out[field] = value;
    });
    return out;
  }

  private keysOf(cells: Record<string, string>): Map<string, string> {
    const fields = this.rows.keyFields(cells);
    const keys = new Map<string, string>();
    for (const key of this.keys) {
      const value = key.of(fields);
      if (value) keys.set(key.name, value);
    }
    return keys;
  }

  /** Notes a row's keys as the first with each value; answers the earlier rows it shares keys with. */
  private note(rowNumber: number, keys: Map<string, string>): Map<number, string[]> {
    const earlier = new Map<number, string[]>();
    for (const [name, value] of keys) {
      const seen = this.seen.get(name) ?? new Map<string, number>();
      this.seen.set(name, seen);
      const first = seen.get(value);
      if (first !== undefined) earlier.set(first, [...(earlier.get(first) ?? []), name]);
      else seen.set(value, rowNumber);
    }
    return earlier;
  }

  /** A row committed before a resume: later rows still see it as a duplicate (and as a parent). */
  remember(row: { rowNumber: number; values: string[] }): void {
    const cells = this.cells(row.values);
    this.note(row.rowNumber, this.keysOf(cells));
    this.rows.remember(cells);
  }

  async plan(batch: { rowNumber: number; values: string[] }[]): Promise<RowPlan[]> {
    const drafts: Draft[] = [];
    for (const [i, { rowNumber, values }] of batch.entries()) {
      // Planning is CPU work: let the requests this process serves in between.
      if (i % 20 === 19) await yieldToRequests();
      const cells = this.cells(values);
      const row = await this.rows.translate(cells);
      this.rows.remember(cells);
      drafts.push({ rowNumber, cells, row, keys: this.keysOf(cells) });
    }
    // One lookup finds every record any row of the batch could duplicate.
    const wanted: Record<string, string[]> = {};
    for (const draft of drafts) {
      for (const [name, value] of draft.keys) wanted[name] = [...(wanted[name] ?? []), value];
    }
    const existing = await findByKeys(this.db, this.duplicates as never, wanted);
    const plans: RowPlan[] = [];
    for (const draft of drafts) plans.push(await this.decide(draft, existing as never));
    return plans;
  }

  private identifying(on: string[]): boolean {
    return on.some((name) => this.keys.find((key) => key.name === name)?.identifies);
  }

  private describe(on: string[], identifyingOnly = true): string {
    const labels = identifyingOnly ? on.filter((name) => this.identifying([name])) : on;
    return labels.map((name) => this.keys.find((key) => key.name === name)?.label ?? name).join(' and ');
  }

  private async decide(
    draft: Draft,
    existing: {
      row: { id: number; name: string; surname?: string } & Record<string, unknown>;
      on: string[];
    }[],
  ): Promise<RowPlan> {
    const noun = this.kind.noun;
    const plan: RowPlan = {
      rowNumber: draft.rowNumber,
      label: this.rows.label(draft.cells),
      action: 'create',
      errors: [...draft.row.errors],
      warnings: [...(draft.row.warnings ?? [])],
      readings: draft.row.readings,
      duplicates: [],
    };
    const earlier = this.note(draft.rowNumber, draft.keys);
    for (const [row, on] of earlier)
      plan.duplicates.push({
        in: 'file',
        row,
        on,
        message: `Same ${this.describe(on, false)} as row ${row}`,
      });
    // Duplicates in the database, by the same keys, in id order.
    const matches = existing
      .map(({ row }) => ({
        row,
        on: this.keys
          .filter((key) => draft.keys.has(key.name) && sameKey(row[key.column], draft.keys.get(key.name)))
          .map((key) => key.name),
      }))
      .filter((match) => match.on.length > 0);
    const named = (row: (typeof matches)[number]['row']) =>
      row.surname ? `${row.name} ${row.surname}` : row.name;
    for (const match of matches.slice(0, 3))
      plan.duplicates.push({
        in: 'database',
        id: match.row.id,
        name: named(match.row),
        on: match.on,
        message: `Same ${this.describe(match.on, false)} as ${named(match.row)}`,
      });
    // The duplicate a skip names is said once, by the reason.
    const isReason = (note: DuplicateNote | undefined) => {
      if (note) note.reason = true;
    };

    const { mode } = this.options;
    const key = this.matchKey;
    const keyOn = (on: string[]) =>
      key === 'both' ? on.includes('email') && on.includes('phone') : on.includes(key);
    const hasKey = key === 'both' ? draft.keys.has('email') && draft.keys.has('phone') : draft.keys.has(key);
    const target = hasKey ? matches.filter((match) => keyOn(match.on)) : [];
    // A row sharing an identifying key with an earlier row or a record it does not update would be
    // a duplicate: it is skipped, never created.
    const fileTwin = [...earlier].find(([, on]) => this.identifying(on));
    const dbTwin = matches.find((match) => this.identifying(match.on));

    if (fileTwin) {
      plan.action = 'skip';
      plan.reason = `Same ${this.describe(fileTwin[1])} as row ${fileTwin[0]}`;
      isReason(plan.duplicates.find((note) => note.in === 'file' && note.row === fileTwin[0]));
    } else if (target.length > 1) {
      plan.action = 'skip';
      plan.reason = `Matches ${target.length} existing ${noun}s`;
    } else if (target.length === 1 && mode !== 'create') {
      await this.planUpdate(plan, target[0]!.row.id, draft.row);
    } else if (dbTwin) {
      plan.action = 'skip';
      plan.reason = `Already exists: ${named(dbTwin.row)}`;
      isReason(plan.duplicates.find((note) => note.in === 'database' && note.id === dbTwin.row.id));
      plan.recordId = dbTwin.row.id;
    } else if (mode === 'update') {
      plan.action = 'skip';
      plan.reason = `No existing ${noun} matches`;
    } else {
      const planned = this.rows.planCreate(draft.row);
      if ('issues' in planned) for (const issue of planned.issues) addIssue(plan, issue, draft.row.errors);
      else plan.create = planned.record;
    }
    if (plan.errors.length > 0) plan.action = 'error';
    else if (plan.warnings.length > 0 && (plan.action === 'create' || plan.action === 'update')) {
      // An ambiguous number is never written on a guess: the row waits for the file to say which.
      plan.action = 'skip';
      plan.create = undefined;
      plan.changes = undefined;
      plan.version = undefined;
    }
    return plan;
  }

  private async planUpdate(plan: RowPlan, id: number, row: TranslatedRow): Promise<void> {
    plan.recordId = id;
    const current = await this.rows.read(this.db, id);
    if (!current) {
      plan.action = 'skip';
      plan.reason = `No existing ${this.kind.noun} matches`;
      return;
    }
    const planned = this.rows.planUpdate(current, row);
    if ('issues' in planned) {
      for (const issue of planned.issues) addIssue(plan, issue, row.errors);
      return;
    }
    if (Object.keys(planned.changes).length === 0) {
      plan.action = 'skip';
      plan.reason = 'No changes';
      return;
    }
    plan.action = 'update';
    plan.changes = planned.changes;
    plan.version = current.version;
  }
}

/** A stored key (text, or a number such as a deal's id) against a row's key, always text. */
const sameKey = (stored: unknown, wanted: string | undefined) =>
  stored !== null && stored !== undefined && String(stored) === wanted;

/**
 * Adds a form rule's issue unless the row already has it, or already has a more precise one of
 * reading the same cell ("Phone is invalid: …" rather than the form's "Phone is required").
 */
function addIssue(plan: RowPlan, issue: RowIssue, read: RowIssue[]) {
  if (issue.field !== null && read.some((e) => e.field === issue.field)) return;
  if (!plan.errors.some((e) => e.field === issue.field && e.message === issue.message))
    plan.errors.push(issue);
}
