import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { limitMessages } from './limit-messages.js';
import { endExportStream, holdExportStream, renewExportStream } from './limits.repository.js';

/** How long an export's place holds without renewal: a process that dies frees it after this. */
const LEASE_MS = 60_000;
/** What a refused export is told to wait: a large export streams for tens of seconds. */
export const EXPORT_RETRY_SECONDS = 10;

export interface ExportSlot {
  /** Frees the place (resolves once it is freed, never rejects); later calls do nothing. */
  release(): Promise<void>;
}

/**
 * Takes one of the person's places for a streaming export (EXPORTS_PER_PERSON), counted in the
 * database so that it holds across every process and instance, or answers 429. The place is
 * renewed while the download runs and freed by `release`, which the export calls when its stream
 * closes: finished, failed, or dropped by the client.
 */
export async function takeExportSlot(
  ctx: Pick<AppContext, 'db' | 'config'>,
  actor: Actor,
  log: FastifyBaseLogger,
): Promise<ExportSlot> {
  const max = ctx.config.fairShare.exportsPerPerson;
  const id = await holdExportStream(ctx.db, {
    userId: actor.user.id,
    max,
    now: nowIso(),
    expiresAt: isoAfter(LEASE_MS),
  });
  if (id === undefined)
    throw tooManyRequests(limitMessages.exports(max), { 'retry-after': String(EXPORT_RETRY_SECONDS) });
  const warn = (error: unknown) => log.warn({ err: error }, 'export place not renewed or freed');
  const renew = setInterval(
    () => renewExportStream(ctx.db, id, isoAfter(LEASE_MS)).catch(warn),
    LEASE_MS / 3,
  );
  renew.unref();
  let released: Promise<void> | undefined;
  return {
    release: () => {
      if (!released) {
        clearInterval(renew);
        // Should the database be away, the place ends with its lease.
        released = endExportStream(ctx.db, id).catch(warn);
      }
      return released;
    },
  };
}
