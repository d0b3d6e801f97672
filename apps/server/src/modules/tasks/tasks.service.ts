import {
  agencyMessages,
  type CreateTaskInput,
  contactMessages,
  dealMessages,
  taskMessages as m,
  TASK_DESCRIPTION_MAX,
  type TaskGroup,
  type TaskPriority,
  type TaskState,
  type UpdateTaskInput,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/sanitize.js';
import { nowIso } from '../../lib/time.js';
import type { AudiencedEvent } from '../events/event-types.js';
import { type HistoryEntryWrite, insertHistory } from '../history/history.repository.js';
import { notify } from '../notifications/notifications.service.js';
import { dealVisibleTo, type ParentKind, type ParentRef } from '../parents.js';
import { dealKeepers, recordIsActive } from '../parents.repository.js';
import type { WriteScope } from '../records/write-scope.js';
import { activeUserName as findActiveUserName } from '../users/user-reads.js';
import { queueDueReminder } from './due-reminders.js';
import { recordOf, taskAudience, taskEvent } from './task-events.js';
import {
  countMyTasks,
  findTask,
  insertTask,
  isSalesRep,
  listMyTasks,
  listRecordTasks,
  type MyTasksScope,
  type TaskRow,
  updateTask,
} from './tasks.repository.js';

export type { MyTasksScope } from './tasks.repository.js';

export interface Task {
  id: number;
  title: string;
  description: string;
  dueAt: string | null;
  priority: TaskPriority;
  state: TaskState;
  assignee: { id: number; name: string };
  creator: { id: number; name: string };
  record: { kind: ParentKind; id: number; name: string; path: string } | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toTask(row: TaskRow): Task {
  let record: Task['record'] = null;
  if (row.contact_id !== null) {
    record = {
      kind: 'contact',
      id: row.contact_id,
      name: `${row.contact_name ?? ''} ${row.contact_surname ?? ''}`.trim(),
      path: `/${row.contact_type === 'CUSTOMER' ? 'customer' : 'lead'}/${row.contact_id}`,
    };
  } else if (row.agency_id !== null) {
    record = {
      kind: 'agency',
      id: row.agency_id,
      name: row.agency_name ?? '',
      path: `/agency/${row.agency_id}`,
    };
  } else if (row.deal_id !== null) {
    record = { kind: 'deal', id: row.deal_id, name: row.deal_title ?? '', path: `/deals/${row.deal_id}` };
  }
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueAt: row.due_at,
    priority: row.priority as TaskPriority,
    state: row.state as TaskState,
    assignee: { id: row.assignee_id, name: row.assignee_name },
    creator: { id: row.creator_id, name: row.creator_name },
    record,
    completedAt: row.completed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A task the caller may see: its record's visibility, or for one without, theirs or an admin's. */
async function visibleTask(ctx: AppContext, actor: Actor, id: number): Promise<TaskRow> {
  const row = await findTask(ctx.db, id);
  if (!row) throw notFound(m.notFound);
  if (isAdmin(actor)) return row;
  const mine = row.assignee_id === actor.user.id || row.creator_id === actor.user.id;
  if (row.deal_id !== null) {
    // A deal is its people's: its tasks are theirs, and the task's own assignee's and creator's.
    const keeper = row.deal_owner_id === actor.user.id || row.deal_assignee_id === actor.user.id;
    if (row.record_active !== 1 || !(mine || keeper)) throw notFound(m.notFound);
    return row;
  }
  if (recordOf(row) ? row.record_active !== 1 : !mine) throw notFound(m.notFound);
  return row;
}

/** Admins manage every task; others their own (assigned or created) and their records' tasks. */
async function mayManage(db: Db, actor: Actor, row: TaskRow): Promise<boolean> {
  const me = actor.user.id;
  if (isAdmin(actor) || row.assignee_id === me || row.creator_id === me) return true;
  if (row.contact_id !== null) return row.contact_assignee_id === me || row.contact_owner_id === me;
  if (row.agency_id !== null)
    return row.agency_creator_id === me || (await isSalesRep(db, row.agency_id, me));
  if (row.deal_id !== null) return row.deal_owner_id === me || row.deal_assignee_id === me;
  return false;
}

function cleanDescription(html: string | undefined): string {
  if (html === undefined) return '';
  const clean = sanitizeRichText(html);
  const text = richTextToPlain(clean).trim();
  if (text.length > TASK_DESCRIPTION_MAX)
    throw badRequest(m.descriptionTooLong, { description: m.descriptionTooLong });
  return text ? clean : '';
}

/** Due times are stored as ISO 8601 UTC so that they compare as text. */
const normalizeDue = (value: string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

async function assigneeName(db: Db, id: number): Promise<string> {
  const name = await findActiveUserName(db, id);
  if (name === undefined) throw badRequest(m.assigneeNotFound, { assigneeId: m.assigneeNotFound });
  return name;
}

export interface NewTaskOptions {
  /** The record is checked by the caller (its route or its service). */
  record: ParentRef | null;
  fileId?: number | null;
}

export async function createTask(
  ctx: AppContext,
  actor: Actor,
  input: Omit<CreateTaskInput, 'contactId' | 'agencyId' | 'dealId'>,
  options: NewTaskOptions,
  db: Db = ctx.db,
): Promise<{ task: Task; events: AudiencedEvent[] }> {
  const assigneeId = input.assigneeId ?? actor.user.id;
  await assigneeName(db, assigneeId);
  const description = cleanDescription(input.description);
  const at = nowIso();
  const record = options.record;
  const run = async (trx: Db) => {
    const id = await insertTask(trx, {
      title: input.title,
      description,
      due_at: normalizeDue(input.dueAt),
      priority: input.priority ?? 'normal',
      state: 'open',
      assignee_id: assigneeId,
      creator_id: actor.user.id,
      contact_id: record?.kind === 'contact' ? record.id : null,
      agency_id: record?.kind === 'agency' ? record.id : null,
      deal_id: record?.kind === 'deal' ? record.id : null,
      file_id: options.fileId ?? null,
      // Later changes of the record's state reach the task by trigger; its state now is copied here.
      record_active: record && !(await recordIsActive(trx, record)) ? 0 : 1,
      due_notified_at: null,
      completed_at: null,
      created_at: at,
      updated_at: at,
    });
    const due = normalizeDue(input.dueAt);
    if (due) await queueDueReminder(trx, due);
    if (record) {
      await insertHistory(
        trx,
        record,
        actor.user.id,
        [{ kind: 'task', field: 'task', oldValue: null, newValue: input.title }],
        at,
        null,
        id,
      );
    }
    const row = (await findTask(trx, id))!;
    const events = await notify(
      trx,
      {
        kind: 'task_assigned',
        actorId: actor.user.id,
        recipients: [assigneeId],
        audience: taskAudience(row),
        text: input.title,
        taskId: id,
        contactId: row.contact_id,
        agencyId: row.agency_id,
      },
      at,
    );
    return { task: toTask(row), events: [taskEvent(row), ...events] };
  };
  // A caller already inside a transaction (a file upload) passes it; otherwise open one.
  return db === ctx.db ? ctx.db.transaction().execute(run) : run(db);
}

export async function createTaskFor(ctx: AppContext, actor: Actor, input: CreateTaskInput): Promise<Task> {
  if (input.contactId && input.agencyId) throw badRequest(m.oneRecord);
  if (input.dealId && (input.contactId || input.agencyId)) throw badRequest(m.dealAlone);
  const record: ParentRef | null = input.contactId
    ? { kind: 'contact', id: input.contactId }
    : input.agencyId
      ? { kind: 'agency', id: input.agencyId }
      : input.dealId
        ? { kind: 'deal', id: input.dealId }
        : null;
  if (record) await ensureTaskRecord(ctx, actor, record);
  const { task, events } = await createTask(ctx, actor, input, { record });
  ctx.events.publish(...events);
  return task;
}

export async function taskDetail(ctx: AppContext, actor: Actor, id: number): Promise<Task> {
  return toTask(await visibleTask(ctx, actor, id));
}

const dueText = (value: string | null) => value ?? null;

/** Every change of a task goes through here: complete, reopen, reschedule, reassign, edit. */
export async function updateTaskFor(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateTaskInput,
): Promise<Task> {
  const row = await visibleTask(ctx, actor, id);
  if (!(await mayManage(ctx.db, actor, row))) throw forbidden(m.notYours);
  const at = nowIso();
  const changes: Parameters<typeof updateTask>[2] = {};
  const history: HistoryEntryWrite[] = [];
  const entry = (field: string, oldValue: string | null, newValue: string | null) =>
    history.push({ kind: 'task', field, oldValue, newValue });

  if (input.title !== undefined && input.title !== row.title) {
    changes.title = input.title;
    entry('title', row.title, input.title);
  }
  if (input.description !== undefined) {
    const description = cleanDescription(input.description);
    if (description !== row.description) {
      changes.description = description;
      entry('description', null, null);
    }
  }
  if (input.priority !== undefined && input.priority !== row.priority) {
    changes.priority = input.priority;
    entry('priority', row.priority, input.priority);
  }
  if (input.dueAt !== undefined) {
    const due = normalizeDue(input.dueAt);
    if (due !== row.due_at) {
      changes.due_at = due;
      // A new due time earns a new reminder.
      changes.due_notified_at = null;
      entry('dueAt', dueText(row.due_at), dueText(due));
    }
  }
  if (input.state !== undefined && input.state !== row.state) {
    changes.state = input.state;
    changes.completed_at = input.state === 'done' ? at : null;
    entry('state', row.state, input.state);
  }
  let newAssigneeName: string | undefined;
  if (input.assigneeId !== undefined && input.assigneeId !== row.assignee_id) {
    newAssigneeName = await assigneeName(ctx.db, input.assigneeId);
    changes.assignee_id = input.assigneeId;
    entry('assignee', row.assignee_name, newAssigneeName);
  }
  if (history.length === 0) return toTask(row);

  const record = recordOf(row);
  const events = await ctx.db.transaction().execute(async (trx) => {
    await updateTask(trx, id, { ...changes, updated_at: at });
    if (changes.due_at) await queueDueReminder(trx, changes.due_at);
    if (record) await insertHistory(trx, record, actor.user.id, history, at, null, id);
    // A record's task done is a webhook event: told in this transaction, as inWrite tells a write.
    if (record && changes.state === 'done') {
      const scope: WriteScope = {
        db: trx,
        actor,
        at,
        publish: () => {},
        emit: (topic, payload) => ctx.hooks.emit(topic, scope, payload),
      };
      const done = { kind: 'task' as const, id, record };
      await ctx.hooks.emit('write.committing', scope, { events: [done], since: at });
    }
    if (changes.assignee_id === undefined) return [];
    return notify(
      trx,
      {
        kind: 'task_assigned',
        actorId: actor.user.id,
        recipients: [changes.assignee_id],
        audience: taskAudience(row, [changes.assignee_id]),
        text: changes.title ?? row.title,
        taskId: id,
        contactId: row.contact_id,
        agencyId: row.agency_id,
      },
      at,
    );
  });
  const updated = (await findTask(ctx.db, id))!;
  // The previous assignee hears of it too, so that their My Tasks drops it.
  ctx.events.publish(taskEvent(updated, [row.assignee_id]), ...events);
  return toTask(updated);
}

/** Deactivated records keep their tasks hidden from everyone but admins, like their notes. */
export async function recordTasks(ctx: AppContext, actor: Actor, parent: ParentRef): Promise<Task[]> {
  return (await listRecordTasks(ctx.db, parent, isAdmin(actor))).map(toTask);
}

const recordMessages = {
  contact: contactMessages.contactNotFound,
  agency: agencyMessages.agencyNotFound,
  deal: dealMessages.dealNotFound,
} as const;

/** A new task's record must exist and, for anyone but an admin, be active (a deal: be theirs). */
export async function ensureTaskRecord(ctx: AppContext, actor: Actor, record: ParentRef): Promise<void> {
  if (record.kind === 'deal') {
    const deal = await dealKeepers(ctx.db, record.id);
    if (!deal || !dealVisibleTo(deal, actor.user.id, isAdmin(actor))) throw notFound(recordMessages.deal);
    return;
  }
  const active = await recordIsActive(ctx.db, record);
  if (active === undefined || (!active && !isAdmin(actor))) throw notFound(recordMessages[record.kind]);
}

export function myTasksScope(actor: Actor, dayStart: string | undefined): MyTasksScope {
  const now = Date.now();
  const start = dayStart ? Date.parse(dayStart) : now - (now % 86_400_000);
  return {
    userId: actor.user.id,
    includeInactiveRecords: isAdmin(actor),
    now: new Date(now).toISOString(),
    dayEnd: new Date(Math.max(start + 86_400_000, now)).toISOString(),
  };
}

/** A page of someone's open tasks of one group (My Tasks; the morning digest). */
export async function myTasks(
  ctx: Pick<AppContext, 'db'>,
  scope: MyTasksScope,
  group: TaskGroup,
  page: { limit: number; offset: number },
): Promise<{ tasks: Task[]; total: number }> {
  const [rows, total] = await Promise.all([
    listMyTasks(ctx.db, group, scope, page),
    countMyTasks(ctx.db, group, scope),
  ]);
  return { tasks: rows.map(toTask), total };
}

export async function myTaskSummary(ctx: AppContext, scope: MyTasksScope) {
  const [overdue, today, upcoming, nodate] = await Promise.all(
    (['overdue', 'today', 'upcoming', 'nodate'] as const).map((group) => countMyTasks(ctx.db, group, scope)),
  );
  return {
    overdue: overdue!,
    today: today!,
    upcoming: upcoming!,
    nodate: nodate!,
    open: overdue! + today! + upcoming! + nodate!,
  };
}
