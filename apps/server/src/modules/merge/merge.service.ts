import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { recordActorAudit } from '../audit/audit.service.js';
import type { RecordAdapter } from '../records/record-adapter.js';
import { inWrite, type WriteScope } from '../records/write-scope.js';
import {
  fieldsEditedSince,
  findMerge,
  insertMerge,
  laterMerge,
  markUndone,
  mergesOf,
} from './merge.repository.js';
import type { FieldChoice, MergeKind } from './merge-kinds.js';
import { type MovedRows, NOTHING_MOVED } from './merge-links.js';
import { checkUndoable, isEmptyValue, mergeMessages, preselect, refuseEditedFields } from './merge-rules.js';

type View = { id: number; isActive: boolean; updatedAt: string };

/** What a merge keeps to be undone: the survivor as it was, what it changed, what moved. */
interface MergeSnapshot<V> {
  survivorBefore: V;
  otherBefore?: { isActive: boolean };
  /** History names of the survivor's fields the merge changed. */
  changedFields: string[];
  moved: MovedRows;
}

export interface MergeInput {
  survivorId: number;
  otherId: number;
  choices: Partial<Record<string, 'survivor' | 'other'>>;
  dryRun: boolean;
}

const fieldValue = (view: View, field: string) => (view as unknown as Record<string, unknown>)[field];

function shown<V extends View>(adapter: RecordAdapter<V, never>, view: V, field: string): string | null {
  const spec = adapter.mergeFields.find((f) => f.field === field);
  if (spec?.shown) return spec.shown(view);
  const value = fieldValue(view, field);
  return isEmptyValue(value) ? null : String(value);
}

/** Holds an active record for the merge's transaction and reads it under that lock. */
async function activeRecord<V extends View>(w: WriteScope, adapter: RecordAdapter<V, never>, id: number) {
  const record = await adapter.lock(w, id);
  if (!record) throw notFound(adapter.notFound);
  if (!record.isActive) throw conflict(mergeMessages.inactive);
  return record;
}

/** The fields that differ, each with both values and the side kept (the person's or the preselected). */
function choices<V extends View>(
  kind: MergeKind<V, unknown, unknown>,
  survivor: V,
  other: V,
  input: MergeInput,
): FieldChoice[] {
  const survivorIsNewer = survivor.updatedAt >= other.updatedAt;
  return kind.adapter.mergeFields.flatMap((spec) => {
    const [mine, theirs] = [fieldValue(survivor, spec.field), fieldValue(other, spec.field)];
    if (JSON.stringify(mine) === JSON.stringify(theirs) || spec.skip?.(survivor, other)) return [];
    const chosen = input.choices[spec.field] ?? preselect(mine, theirs, survivorIsNewer);
    const survivorValue = shown(kind.adapter, survivor, spec.field);
    const otherValue = shown(kind.adapter, other, spec.field);
    return [{ field: spec.field, label: spec.label, survivorValue, otherValue, chosen }];
  });
}

/** The chosen values of the other record, with the fields that come with them. */
function chosenFields<V extends View>(
  kind: MergeKind<V, unknown, unknown>,
  fields: FieldChoice[],
  other: V,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const { field, chosen } of fields) {
    if (chosen !== 'other') continue;
    const spec = kind.adapter.mergeFields.find((f) => f.field === field);
    for (const name of [field, ...(spec?.with ?? [])]) patch[name] = fieldValue(other, name);
  }
  return patch;
}

/**
 * Merges `otherId` into `survivorId` in one transaction, through the kind's write path for every
 * record it changes: the survivor takes the chosen values; what hangs off the other (notes, files,
 * history, staff, and for agencies their customers, children and sales reps) moves to it; the
 * other is deactivated and points at it; each records the merge in its history. A dry run does
 * all of it, answers the same, and rolls everything back, its live events included.
 */
export async function mergeRecords<V extends View, M, Mv>(
  ctx: AppContext,
  actor: Actor,
  kind: MergeKind<V, M, Mv>,
  input: MergeInput,
) {
  if (input.survivorId === input.otherId) throw badRequest(mergeMessages.sameRecord);
  const { adapter } = kind;
  const write = async (w: WriteScope) => {
    // Locked in id order, so two merges of overlapping records cannot deadlock.
    const [first, second] = [input.survivorId, input.otherId].sort((a, b) => a - b) as [number, number];
    const a = await activeRecord(w, adapter, first);
    const b = await activeRecord(w, adapter, second);
    const [survivor, other] = a.id === input.survivorId ? [a, b] : [b, a];
    const fields = choices(kind, survivor, other, input);
    const { changed } = await adapter.write(w, survivor.id, {
      fields: chosenFields(kind, fields, other) as never,
      notes: [{ kind: 'edited', field: 'mergedWith', oldValue: null, newValue: adapter.label(other) }],
    });
    let moved: MovedRows = { ...NOTHING_MOVED };
    for (const link of kind.links)
      moved = { ...moved, ...(await link.move(w, adapter.kind, other.id, survivor.id)) };
    await adapter.write(w, other.id, {
      isActive: false,
      mergedIntoId: survivor.id,
      notes: [{ kind: 'edited', field: 'mergedInto', oldValue: null, newValue: adapter.label(survivor) }],
    });
    const snapshot: MergeSnapshot<V> = {
      survivorBefore: survivor,
      otherBefore: { isActive: true },
      changedFields: changed,
      moved,
    };
    const mergeId = await insertMerge(w.db, {
      kind: adapter.kind,
      survivorId: survivor.id,
      mergedId: other.id,
      userId: actor.user.id,
      snapshot: JSON.stringify(snapshot),
      at: w.at,
    });
    await recordActorAudit(w.db, actor, 'merge', {
      targetType: adapter.kind,
      targetId: survivor.id,
      detail: { mergeId, merged: other.id },
    });
    return {
      dryRun: input.dryRun,
      mergeId: input.dryRun ? null : mergeId,
      survivor: (await adapter.read(w.db, survivor.id))!,
      merged: kind.merged(other),
      fields,
      moved: kind.moved(moved, fields),
    };
  };
  return inWrite(ctx, actor, write, { dryRun: input.dryRun });
}

/** The survivor's fields the merge changed, with their values from before it (and their companions). */
function restoredFields<V extends View>(adapter: RecordAdapter<V, never>, snapshot: MergeSnapshot<V>) {
  const restored: Record<string, unknown> = {};
  for (const spec of adapter.mergeFields) {
    for (const name of [spec.field, ...(spec.with ?? [])]) {
      const history = name === spec.field ? spec.history : name;
      if (snapshot.changedFields.includes(history))
        restored[name] = fieldValue(snapshot.survivorBefore, name);
    }
  }
  return restored;
}

/**
 * Undoes a merge within 30 days: the other record is active again and gets back what moved, the
 * survivor's merged fields their old values. Refused when the survivor's merged fields were edited
 * since (they are named) or a later merge involves either record.
 */
export async function undoMerge<V extends View>(
  ctx: AppContext,
  actor: Actor,
  kind: MergeKind<V, unknown, unknown>,
  mergeId: number,
) {
  const { adapter } = kind;
  return inWrite(ctx, actor, async (w) => {
    const merge = await findMerge(w.db, mergeId);
    if (merge?.kind !== adapter.kind) throw notFound(mergeMessages.notFound);
    checkUndoable(merge, new Date());
    if (await laterMerge(w.db, merge)) throw conflict(mergeMessages.laterMerge);
    const snapshot = JSON.parse(merge.snapshot) as MergeSnapshot<V>;
    const edited = await fieldsEditedSince(w.db, adapter.kind, merge.survivor_id, merge.created_at);
    const labels = Object.fromEntries(adapter.mergeFields.map((f) => [f.history, f.label]));
    refuseEditedFields(
      edited.filter((field) => snapshot.changedFields.includes(field)),
      { ...labels, countryCode: labels.phone ?? labels.officeNumber ?? 'countryCode' },
    );
    const note = (otherId: number) => [
      { kind: 'edited' as const, field: 'mergeUndone', oldValue: null, newValue: `#${otherId}` },
    ];
    await adapter.write(w, merge.merged_id, {
      isActive: snapshot.otherBefore?.isActive ?? true,
      mergedIntoId: null,
      notes: note(merge.survivor_id),
    });
    for (const link of [...kind.links].reverse())
      await link.back(
        w,
        adapter.kind,
        { ...NOTHING_MOVED, ...snapshot.moved },
        merge.merged_id,
        merge.survivor_id,
      );
    await adapter.write(w, merge.survivor_id, {
      fields: restoredFields(adapter, snapshot) as never,
      notes: note(merge.merged_id),
    });
    await markUndone(w.db, merge.id, actor.user.id, w.at);
    await recordActorAudit(w.db, actor, 'merge.undo', {
      targetType: adapter.kind,
      targetId: merge.survivor_id,
      detail: { mergeId: merge.id, restored: merge.merged_id },
    });
    return {
      survivor: (await adapter.read(w.db, merge.survivor_id))!,
      restored: (await adapter.read(w.db, merge.merged_id))!,
    };
  });
}

/** The merges a record took part in, with whether each can still be undone. */
export async function mergesOfRecord(ctx: AppContext, kind: 'contact' | 'agency', id: number) {
  const rows = await mergesOf(ctx.db, kind, id);
  return rows.map((row) => ({
    id: row.id,
    survivorId: row.survivor_id,
    mergedId: row.merged_id,
    mergedAt: row.created_at,
    by: row.user_name,
    undoneAt: row.undone_at,
  }));
}
