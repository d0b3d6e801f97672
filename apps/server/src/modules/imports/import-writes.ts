import { HttpError } from '../../lib/http-errors.js';
import type { WriteScope } from '../records/write-scope.js';
import type { ImportPlanner, RowPlan } from './import-planner.js';

/** A refusal by the write path (409 stale, 400 a rule, 403) makes the row an error; anything else fails the batch. */
function refusal(error: unknown): { field: string | null; message: string } {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  return { field: Object.keys(error.fields ?? {})[0] ?? null, message: error.message };
}

/**
 * Writes a batch's planned rows in the batch's transaction, every one through its kind's write
 * path (the same permission, version, history and events as the forms): updates with only the
 * fields they change, at the version the plan read, so that an edit of those fields made in between
 * is refused rather than overwritten; then the new records, in order.
 */
export async function writePlanned(w: WriteScope, planner: ImportPlanner, plans: RowPlan[]): Promise<void> {
  const { record } = planner.kind;
  for (const plan of plans) {
    if (plan.action !== 'update' || !plan.changes || plan.recordId === undefined) continue;
    const values = Object.fromEntries(
      Object.entries(plan.changes).map(([field, [, after]]) => [field, after]),
    );
    try {
      await record.write(w, plan.recordId, { ...planner.rows.changeFor(values), version: plan.version });
    } catch (error) {
      plan.action = 'error';
      plan.errors.push(refusal(error));
    }
  }
  const creating = plans.filter((plan) => plan.action === 'create' && plan.create !== undefined);
  const outcomes = await planner.rows.create(
    w,
    creating.map((plan) => plan.create),
  );
  creating.forEach((plan, i) => {
    const outcome = outcomes[i];
    if (typeof outcome === 'number') plan.recordId = outcome;
    else {
      plan.action = 'error';
      if (outcome) plan.errors.push(outcome);
    }
  });
}

export interface UndoOutcome {
  action: 'deactivate' | 'restore' | 'keep';
  /** Fields changed again after the import: listed, not overwritten. */
  kept: string[];
  restored: string[];
}

const comparable = (value: unknown) =>
  Array.isArray(value) ? [...value].sort().join(',') : value === '' || value === undefined ? null : value;

/**
 * Undoes one row through its kind's write path: a record the import created is deactivated (by
 * its creator, or an admin); one it updated gets back each field nobody changed since, the others
 * are listed as kept.
 */
export async function undoRow(
  w: WriteScope,
  planner: ImportPlanner,
  row: { action: string; record_id: number | null; changes: string | null },
): Promise<UndoOutcome> {
  const keep: UndoOutcome = { action: 'keep', kept: [], restored: [] };
  if (row.record_id === null) return keep;
  const { record } = planner.kind;
  if (row.action === 'create') {
    const created = await record.read(w.db, row.record_id);
    if (!created) return keep;
    // Already inactive (deactivated since, or by an undo that was interrupted): nothing to do.
    if (created.isActive) await record.write(w, row.record_id, { isActive: false, undoesOwnCreation: true });
    return { action: 'deactivate', kept: [], restored: [] };
  }
  const current = await planner.rows.read(w.db, row.record_id);
  if (!current) return keep;
  const changes = JSON.parse(row.changes ?? '{}') as Record<string, [unknown, unknown]>;
  const kept: string[] = [];
  const restored: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (comparable(current.values[field]) !== comparable(after)) kept.push(field);
    else {
      restored.push(field);
      values[field] = before;
    }
  }
  if (restored.length > 0) {
    try {
      // At the version just read: a change of these fields since is kept, not overwritten.
      await record.write(w, row.record_id, { ...planner.rows.changeFor(values), version: current.version });
    } catch (error) {
      refusal(error);
      return { action: 'keep', kept: [...kept, ...restored], restored: [] };
    }
  }
  return { action: restored.length > 0 ? 'restore' : 'keep', kept, restored };
}
