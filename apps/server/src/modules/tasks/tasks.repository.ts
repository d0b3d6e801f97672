import type { TaskGroup } from '@crm/domain';
import type { Insertable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, TasksTable } from '../../db/schema.js';
import { PARENT_COLUMN, type ParentRef } from '../parents.js';

const taskColumns = [
  'tasks.id',
  'tasks.title',
  'tasks.description',
  'tasks.due_at',
  'tasks.priority',
  'tasks.state',
  'tasks.assignee_id',
  'tasks.creator_id',
  'tasks.contact_id',
  'tasks.agency_id',
  'tasks.deal_id',
  'tasks.file_id',
  'tasks.record_active',
  'tasks.completed_at',
  'tasks.created_at',
  'tasks.updated_at',
  'assignee.name as assignee_name',
  'creator.name as creator_name',
  'contacts.name as contact_name',
  'contacts.surname as contact_surname',
  'contacts.type as contact_type',
  'contacts.assigned_to_id as contact_assignee_id',
  'contacts.owner_id as contact_owner_id',
  'agencies.name as agency_name',
  'agencies.created_by_id as agency_creator_id',
  'deals.title as deal_title',
  'deals.owner_id as deal_owner_id',
  'deals.assigned_to_id as deal_assignee_id',
] as const;

function tasksQuery(db: Db) {
  return db
    .selectFrom('tasks')
    .innerJoin('users as assignee', 'assignee.id', 'tasks.assignee_id')
    .innerJoin('users as creator', 'creator.id', 'tasks.creator_id')
    .leftJoin('contacts', 'contacts.id', 'tasks.contact_id')
    .leftJoin('agencies', 'agencies.id', 'tasks.agency_id')
    .leftJoin('deals', 'deals.id', 'tasks.deal_id')
    .select(taskColumns);
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

export async function findTask(db: Db, id: number) {
  return tasksQuery(db).where('tasks.id', '=', id).executeTakeFirst();
}

export async function insertTask(db: Db, values: Insertable<TasksTable>): Promise<number> {
  const { id } = await db.insertInto('tasks').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateTask(db: Db, id: number, values: Updateable<TasksTable>): Promise<void> {
  await db.updateTable('tasks').set(values).where('id', '=', id).execute();
}

export async function isSalesRep(db: Db, agencyId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('agency_sales_reps')
    .select('user_id')
    .where('agency_id', '=', agencyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A record's tasks: open ones by due time first, then the done ones, newest first. */
export async function listRecordTasks(
  db: Db,
  parent: ParentRef,
  includeInactiveRecord: boolean,
  limit = 500,
) {
  let qb = tasksQuery(db).where(`tasks.${PARENT_COLUMN[parent.kind]}`, '=', parent.id);
  if (!includeInactiveRecord) qb = qb.where('tasks.record_active', '=', 1);
  return qb
    .orderBy('tasks.state', 'desc')
    .orderBy((eb) => eb.case().when('tasks.due_at', 'is', null).then(1).else(0).end())
    .orderBy('tasks.due_at')
    .orderBy('tasks.id', 'desc')
    .limit(limit)
    .execute();
}

export interface MyTasksScope {
  userId: number;
  /** Admins also see the tasks of deactivated records. */
  includeInactiveRecords: boolean;
  now: string;
  /** The start of the caller's next day (never before now): 'today' ends there, 'upcoming' starts there. */
  dayEnd: string;
}

/** Narrows a query on `tasks` to one group of My Tasks; every group is a range of the tasks_mine index. */
function inGroup<O>(
  qb: SelectQueryBuilder<Database, 'tasks', O>,
  group: TaskGroup,
  scope: MyTasksScope,
): SelectQueryBuilder<Database, 'tasks', O> {
  let q = qb.where('tasks.assignee_id', '=', scope.userId);
  if (!scope.includeInactiveRecords) q = q.where('tasks.record_active', '=', 1);
  switch (group) {
    case 'done':
      return q.where('tasks.state', '=', 'done');
    case 'overdue':
      return q.where('tasks.state', '=', 'open').where('tasks.due_at', '<', scope.now);
    case 'today':
      return q
        .where('tasks.state', '=', 'open')
        .where('tasks.due_at', '>=', scope.now)
        .where('tasks.due_at', '<', scope.dayEnd);
    case 'upcoming':
      return q.where('tasks.state', '=', 'open').where('tasks.due_at', '>=', scope.dayEnd);
    case 'nodate':
      return q.where('tasks.state', '=', 'open').where('tasks.due_at', 'is', null);
  }
}

export async function listMyTasks(
  db: Db,
  group: TaskGroup,
  scope: MyTasksScope,
  page: { limit: number; offset: number },
) {
  // The page's ids come from the index alone (the inner query); the joins run for those rows only.
  const ids = ordered(inGroup(db.selectFrom('tasks').select('tasks.id'), group, scope), group)
    .limit(page.limit)
    .offset(page.offset);
  return ordered(tasksQuery(db).where('tasks.id', 'in', ids), group).execute();
}

/** My Tasks' order within a group: by due time (soonest first), done ones by completion, newest first. */
function ordered<O>(qb: SelectQueryBuilder<Database, 'tasks', O>, group: TaskGroup) {
  if (group === 'done') return qb.orderBy('tasks.completed_at', 'desc').orderBy('tasks.id', 'desc');
  if (group === 'nodate') return qb.orderBy('tasks.id', 'desc');
  return qb.orderBy('tasks.due_at').orderBy('tasks.id');
}

export async function countMyTasks(db: Db, group: TaskGroup, scope: MyTasksScope): Promise<number> {
  const row = await inGroup(
    db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')),
    group,
    scope,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Claims the open tasks whose due time has come and whose assignee was not yet told, marking them
 * in the same statement: on PostgreSQL the rows another instance is claiming are skipped, on SQLite
 * the statement runs inside the single writer. Either way each task is claimed once.
 */
export async function claimDueTasks(db: Db, now: string, limit: number, postgres: boolean) {
  const pending = db
    .selectFrom('tasks')
    .select('id')
    .where('due_notified_at', 'is', null)
    .where('due_at', '<=', now)
    .where('state', '=', 'open')
    .orderBy('due_at')
    .limit(limit);
  return db
    .updateTable('tasks')
    .set({ due_notified_at: now })
    .where('id', 'in', postgres ? pending.forUpdate().skipLocked() : pending)
    .where('due_notified_at', 'is', null)
    .returning(['id', 'title', 'assignee_id', 'contact_id', 'agency_id', 'deal_id', 'record_active'])
    .execute();
}

/**
 * The user a file's record is looked after by: the contact's or deal's assignee (else its owner),
 * or the agency's sales rep (else its creator).
 */
export async function recordKeeper(db: Db, parent: ParentRef): Promise<number | null> {
  if (parent.kind === 'deal') {
    const row = await db
      .selectFrom('deals')
      .select(['assigned_to_id', 'owner_id'])
      .where('id', '=', parent.id)
      .executeTakeFirst();
    return row ? (row.assigned_to_id ?? row.owner_id) : null;
  }
  if (parent.kind === 'contact') {
    const row = await db
      .selectFrom('contacts')
      .select(['assigned_to_id', 'owner_id'])
      .where('id', '=', parent.id)
      .executeTakeFirst();
    return row ? (row.assigned_to_id ?? row.owner_id) : null;
  }
  const rep = await db
    .selectFrom('agency_sales_reps')
    .innerJoin('users', 'users.id', 'agency_sales_reps.user_id')
    .select('agency_sales_reps.user_id')
    .where('agency_sales_reps.agency_id', '=', parent.id)
    .where('users.is_active', '=', 1)
    .orderBy('agency_sales_reps.user_id')
    .executeTakeFirst();
  if (rep) return rep.user_id;
  const agency = await db
    .selectFrom('agencies')
    .select('created_by_id')
    .where('id', '=', parent.id)
    .executeTakeFirst();
  return agency?.created_by_id ?? null;
}
