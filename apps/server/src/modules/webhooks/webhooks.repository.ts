import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function activeEndpoints(db: Db): Promise<Pick<EndpointRow, 'id' | 'events'>[]> {
  return db.selectFrom('webhook_endpoints').select(['id', 'events']).where('is_active', '=', 1).execute();
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(
  db: Db,
  values: { url: string; secret: string; events: string; createdBy: number; at: string },
): Promise<number> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      url: values.url,
      secret: values.secret,
      events: values.events,
      is_active: 1,
      disabled_reason: null,
      created_by: values.createdBy,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEndpoint(
  db: Db,
  id: number,
  values: Partial<Pick<EndpointRow, 'events' | 'is_active' | 'failing_events' | 'disabled_reason'>>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ ...values, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpoint(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Counts a failed event against the endpoint, in one statement; answers the count it reached. */
export async function countFailure(db: Db, id: number, at: string): Promise<number> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failing_events: eb('failing_events', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .returning('failing_events')
    .executeTakeFirst();
  return row?.failing_events ?? 0;
}

export async function insertEvent(
  db: Db,
  values: { kind: string; recordKind: string; recordId: number; payload: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('webhook_events')
    .values({
      kind: values.kind,
      record_kind: values.recordKind,
      record_id: values.recordId,
      payload: values.payload,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertDelivery(
  db: Db,
  values: { endpointId: number; eventId: number; recordKey: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: values.endpointId,
      event_id: values.eventId,
      record_key: values.recordKey,
      state: 'pending',
      last_status: null,
      last_error: null,
      last_attempt_at: null,
      next_attempt_at: values.at,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A delivery with what sending it needs: its endpoint and its event's body. */
export async function findDeliveryToSend(db: Db, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.endpoint_id',
      'd.event_id',
      'd.record_key',
      'd.state',
      'd.attempts',
      'e.url',
      'e.secret',
      'e.is_active',
      'v.kind',
      'v.payload',
      'v.created_at as event_at',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether an earlier delivery of the same record to the same endpoint is still on its way. */
export async function hasEarlierPending(
  db: Db,
  delivery: { id: number; endpoint_id: number; record_key: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', delivery.endpoint_id)
    .where('record_key', '=', delivery.record_key)
    .where('state', '=', 'pending')
    .where('id', '<', delivery.id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the next attempt of a pending delivery: only the process whose update moves the attempt
 * count from the number it read sends it, so an attempt goes out once across every process.
 */
export async function claimAttempt(db: Db, id: number, attempts: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ attempts: attempts + 1, last_attempt_at: at })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordAttempt(
  db: Db,
  deliveryId: number,
  outcome: {
    status: number | null;
    error: string | null;
    durationMs: number;
    at: string;
    state: DeliveryRow['state'];
    nextAt: string | null;
  },
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({
      delivery_id: deliveryId,
      status: outcome.status,
      error: outcome.error,
      duration_ms: outcome.durationMs,
      created_at: outcome.at,
    })
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({
      state: outcome.state,
      last_status: outcome.status,
      last_error: outcome.error,
      next_attempt_at: outcome.nextAt,
    })
    .where('id', '=', deliveryId)
    .execute();
}

export async function failPendingOf(db: Db, endpointId: number, error: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', last_error: error, next_attempt_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'pending')
    .execute();
}

/** The latest deliveries of an endpoint, newest first, with their event's kind and record. */
export async function listDeliveries(db: Db, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'd.state',
      'd.attempts',
      'd.last_status',
      'd.last_error',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.created_at',
      'v.kind',
      'v.record_kind',
      'v.record_id',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Forgets events older than `before` that nothing still waits to send; their deliveries and
 * attempts go with them (foreign keys cascade).
 */
export async function deleteEventsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('webhook_events')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries')
            .select('webhook_deliveries.id')
            .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id')
            .where('webhook_deliveries.state', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
