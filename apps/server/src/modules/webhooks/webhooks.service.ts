import { randomBytes } from 'node:crypto';
import { webhookMessages as m, WEBHOOK_EVENT_KINDS, type Webhook, type WebhookEventKind } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { type Actor, assertAdmin } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import { checkTarget, RefusedTarget } from './ssrf-guard.js';
import { WEBHOOK_JOB } from './webhook-capture.js';
import {
  deleteEndpoint,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
} from './webhooks.repository.js';

/** The endpoint's shape is the domain's, shared with the web app. */
export type WebhookView = Webhook;

const toView = (row: EndpointRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEventKind[],
  isActive: row.is_active === 1,
  disabledReason: row.disabled_reason,
  failingEvents: row.failing_events,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Known kinds only, each once, in the catalogue's order; at least one. */
function eventList(events: string[]): string {
  const chosen = WEBHOOK_EVENT_KINDS.filter((kind) => events.includes(kind));
  if (chosen.length === 0) throw badRequest(m.eventsRequired, { events: m.eventsRequired });
  return JSON.stringify(chosen);
}

/** The address is refused now, with its reason, and checked again before every delivery. */
async function checkedUrl(ctx: AppContext, url: string): Promise<string> {
  try {
    return (await checkTarget(url.trim(), ctx.config.webhooks.allowedHosts)).url.toString();
  } catch (error) {
    if (error instanceof RefusedTarget) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

async function endpointOf(ctx: AppContext, actor: Actor, id: number): Promise<EndpointRow> {
  assertAdmin(actor);
  const row = await findEndpoint(ctx.db, id);
  if (!row) throw notFound(m.notFound);
  return row;
}

export async function listWebhooks(ctx: AppContext, actor: Actor): Promise<WebhookView[]> {
  assertAdmin(actor);
  return (await listEndpoints(ctx.db)).map(toView);
}

/** A new endpoint and its signing secret, which is shown this once. */
export async function createWebhook(
  ctx: AppContext,
  actor: Actor,
  input: { url: string; events: string[] },
): Promise<WebhookView & { secret: string }> {
  assertAdmin(actor);
  const events = eventList(input.events);
  const url = await checkedUrl(ctx, input.url);
  // The Standard Webhooks form: whsec_ and 24 random bytes in base64 (192 bits).
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const id = await insertEndpoint(ctx.db, { url, secret, events, createdBy: actor.user.id, at: nowIso() });
  return { ...toView((await findEndpoint(ctx.db, id))!), secret };
}

/** Turning an endpoint back on forgets its failures; the events missed meanwhile are not sent. */
export async function updateWebhook(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { isActive?: boolean; events?: string[] },
): Promise<WebhookView> {
  const row = await endpointOf(ctx, actor, id);
  await updateEndpoint(
    ctx.db,
    row.id,
    {
      ...(input.events !== undefined ? { events: eventList(input.events) } : {}),
      ...(input.isActive === true ? { is_active: 1, failing_events: 0, disabled_reason: null } : {}),
      ...(input.isActive === false ? { is_active: 0, disabled_reason: null } : {}),
    },
    nowIso(),
  );
  return toView((await findEndpoint(ctx.db, id))!);
}

export async function deleteWebhook(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await endpointOf(ctx, actor, id);
  await deleteEndpoint(ctx.db, id);
}

export async function webhookDeliveries(ctx: AppContext, actor: Actor, id: number) {
  await endpointOf(ctx, actor, id);
  const rows = await listDeliveries(ctx.db, id, 100);
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    event: row.kind,
    record: { kind: row.record_kind === 'agency' ? 'partner' : row.record_kind, id: row.record_id },
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  }));
}

/**
 * Sends an event again, by hand: a new delivery of the same event (same webhook-id, so a receiver
 * that keeps ids sees a repeat), with attempts and retries of its own.
 */
export async function redeliver(ctx: AppContext, actor: Actor, id: number, deliveryId: number) {
  const endpoint = await endpointOf(ctx, actor, id);
  const delivery = await findDelivery(ctx.db, deliveryId);
  if (!delivery || delivery.endpoint_id !== endpoint.id) throw notFound(m.deliveryNotFound);
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertDelivery(trx, {
      endpointId: endpoint.id,
      eventId: delivery.event_id,
      recordKey: delivery.record_key,
      at: nowIso(),
    });
    await enqueueJob(trx, { kind: WEBHOOK_JOB, payload: { deliveryId: created }, maxAttempts: 5 });
    return created;
  });
  ctx.jobs.wake();
  return { id: newId };
}
