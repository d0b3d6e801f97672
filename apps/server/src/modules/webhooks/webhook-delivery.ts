import { Webhook } from 'standardwebhooks';
import type { AppContext } from '../../context.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import type { JobContext } from '../jobs/job-runner.js';
import { enqueueJob } from '../jobs/jobs.service.js';
import { notify } from '../notifications/notifications.service.js';
import { activeAdminIds } from '../users/user-reads.js';
import { checkTarget, RefusedTarget } from './ssrf-guard.js';
import { WEBHOOK_JOB } from './webhook-capture.js';
import { sendOnce } from './webhook-send.js';
import {
  claimAttempt,
  countFailure,
  failPendingOf,
  findDeliveryToSend,
  hasEarlierPending,
  recordAttempt,
  updateEndpoint,
} from './webhooks.repository.js';

/** How long a delivery waits for an earlier one of the same record before looking again. */
const ORDER_WAIT_MS = 1000;

const disabledReason = (n: number) => `Disabled after ${n} events in a row failed`;

/**
 * One attempt of one delivery, run as a job. Deliveries of one record to one endpoint go out in
 * the order of their events: a delivery waits while an earlier one is still pending. A failure
 * (no answer, a timeout, any status but 2xx) queues the next attempt after the configured wait;
 * after the last wait the delivery has failed for good, which counts against its endpoint.
 */
export function webhookDeliveryHandler(ctx: AppContext) {
  const settings = ctx.config.webhooks;
  return async (job: JobContext) => {
    const { deliveryId } = job.job.payload as { deliveryId: number };
    const delivery = await findDeliveryToSend(ctx.db, deliveryId);
    if (delivery?.state !== 'pending') return { skipped: true };
    if (delivery.is_active !== 1) {
      await failPendingOf(ctx.db, delivery.endpoint_id, 'Endpoint disabled');
      return { skipped: true };
    }
    if (await hasEarlierPending(ctx.db, delivery)) {
      await enqueueJob(ctx.db, {
        kind: WEBHOOK_JOB,
        payload: { deliveryId },
        runAt: isoAfter(ORDER_WAIT_MS),
      });
      return { waiting: true };
    }
    const at = nowIso();
    if (!(await claimAttempt(ctx.db, delivery.id, delivery.attempts, at))) return { skipped: true };
    const attempt = delivery.attempts + 1;
    const started = Date.now();
    let outcome: { status: number | null; error: string | null };
    try {
      const target = await checkTarget(delivery.url, settings.allowedHosts);
      const messageId = `msg_${delivery.event_id}`;
      const timestamp = new Date();
      const signature = new Webhook(delivery.secret).sign(messageId, timestamp, delivery.payload);
      outcome = await sendOnce(
        target,
        delivery.payload,
        {
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        settings.timeoutMs,
      );
    } catch (error) {
      if (!(error instanceof RefusedTarget)) throw error;
      outcome = { status: null, error: error.message };
    }
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (!ok && outcome.error === null) outcome.error = `Answered ${outcome.status}`;
    const wait = settings.retrySeconds[attempt - 1];
    const retry = !ok && wait !== undefined;
    const nextAt = retry ? isoAfter(wait * 1000) : null;
    await ctx.db.transaction().execute(async (trx) => {
      await recordAttempt(trx, delivery.id, {
        ...outcome,
        durationMs: Date.now() - started,
        at: nowIso(),
        state: ok ? 'delivered' : retry ? 'pending' : 'failed',
        nextAt,
      });
      if (ok) await updateEndpoint(trx, delivery.endpoint_id, { failing_events: 0 }, nowIso());
      if (retry) await enqueueJob(trx, { kind: WEBHOOK_JOB, payload: { deliveryId }, runAt: nextAt! });
      if (!ok && !retry)
        await countFailedEvent(trx, delivery.endpoint_id, delivery.url, settings.disableAfter);
    });
    if (!ok && !retry) ctx.jobs.wake();
    return { attempt, status: outcome.status, delivered: ok };
  };

  /** An event failed for good: after `disableAfter` in a row the endpoint stops, and admins are told. */
  async function countFailedEvent(trx: AppContext['db'], endpointId: number, url: string, limit: number) {
    const at = nowIso();
    const failing = await countFailure(trx, endpointId, at);
    if (failing < limit) return;
    const disabled = await updateEndpoint(
      trx,
      endpointId,
      { is_active: 0, disabled_reason: disabledReason(limit) },
      at,
    );
    if (!disabled) return;
    await failPendingOf(trx, endpointId, 'Endpoint disabled');
    const events = await notify(
      trx,
      {
        kind: 'webhook_disabled',
        actorId: null,
        recipients: await activeAdminIds(trx),
        audience: { roles: ['admin'] },
        text: `Webhook ${url} was disabled after ${limit} events in a row failed`,
      },
      at,
    );
    ctx.events.publish(...events);
  }
}
