import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/http-errors.js';
import type { VersionState } from './versions.repository.js';

const VERSION_MAX = 2_147_483_647;
const versionMessage = 'Version must be a positive whole number';
export const versionSchema = z.coerce
  .number({ error: versionMessage })
  .int({ error: versionMessage })
  .positive({ error: versionMessage })
  .max(VERSION_MAX, { error: versionMessage });

/** An edit as a route receives it: the fields sent and the version the writer opened, if given. */
export interface Edit<T> {
  version: number | undefined;
  /** With a version only the fields sent; without one, every field (the plain PUT replaces all). */
  fields: Partial<T>;
}

/**
 * The body of an edit route. Without `version` it is the specification's plain PUT: every field,
 * validated by the full schema. With `version` only the fields the person changed are sent, so two
 * people changing different fields of one record both keep their change.
 */
export function editBody<S extends z.ZodObject>(full: S) {
  const partial = full.partial();
  return z.record(z.string(), z.unknown()).transform((raw, ctx): Edit<z.output<S>> => {
    const { version: rawVersion, ...rest } = raw;
    const versioned = rawVersion !== undefined && rawVersion !== null;
    const parsed = versioned ? partial.safeParse(rest) : full.safeParse(rest);
    const version = versioned ? versionSchema.safeParse(rawVersion) : undefined;
    if (version && !version.success) {
      ctx.addIssue({ code: 'custom', message: versionMessage, path: ['version'] });
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    }
    if (!parsed.success || (version && !version.success)) return z.NEVER;
    const fields = Object.fromEntries(
      Object.entries(parsed.data as Record<string, unknown>).filter(([, value]) => value !== undefined),
    ) as Partial<z.output<S>>;
    return { version: version?.data, fields };
  });
}

/**
 * The version a write was made against: `If-Match` (an ETag this server gave, `"7"`, or a bare
 * number) or the body's `version`. `*` and no header mean "whatever is there now".
 */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return bodyVersion;
  const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
  const parsed = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > VERSION_MAX) {
    throw badRequest('If-Match must be a version this server gave (an ETag)');
  }
  return parsed;
}

/** A detail answers its version as an ETag, so a later write can send it back in If-Match. */
export function withETag<T extends { version: number }>(reply: FastifyReply, record: T): T {
  reply.header('etag', `"${record.version}"`);
  return record;
}

/** 409 with the record as it is now, so the screen can show what changed and offer to reload. */
export class StaleVersionError extends HttpError {
  current: unknown;
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * Runs a versioned write; when it is refused as stale, the record as it is now is read after the
 * write's transaction has rolled back (SQLite has one connection, busy until then).
 */
export async function refusingStale<T>(write: () => Promise<T>, current: () => Promise<unknown>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StaleVersionError) error.current = await current();
    throw error;
  }
}

function readableTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function staleMessage(noun: string, state: VersionState): string {
  return `This ${noun} was changed by ${state.updatedBy ?? 'someone'} at ${readableTime(state.updatedAt)} since you opened it.`;
}

/**
 * A write made against an older version is refused when a field it changes was changed by someone
 * else since that version; changes to other fields are kept and the write goes ahead. Without an
 * expected version the write applies to what is there now (the old values are still read under
 * the row lock, so the history chain stays whole).
 */
export function assertFresh(
  noun: string,
  state: VersionState,
  expected: number | undefined,
  changing: readonly string[],
): void {
  if (expected === undefined || expected >= state.version) return;
  const clash = changing.some((field) => (state.fieldVersions[field] ?? 1) > expected);
  if (clash) throw new StaleVersionError(staleMessage(noun, state));
}

/**
 * The columns an update that changes `fields` on behalf of `userId` sets besides its own; the
 * repository's update adds one to the version in the same statement.
 */
export function versionColumns(state: VersionState, fields: readonly string[], userId: number | null) {
  const next = state.version + 1;
  const fieldVersions = { ...state.fieldVersions };
  for (const field of fields) fieldVersions[field] = next;
  return {
    field_versions: JSON.stringify(fieldVersions),
    updated_by_id: userId,
  };
}
