import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { getSetting, putSettingOnce } from '../../db/settings.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { myTasks, myTasksScope, type Task } from '../tasks/tasks.service.js';
import { deleteFeed, findFeedByHash, findFeedOf, putFeed } from './calendar.repository.js';
import { tasksCalendar } from './calendar-ics.js';

export const calendarMessages = {
  feedNotFound: 'Calendar feed not found',
} as const;

/** The most events one feed holds (docs/decisions.md, "Task calendar feed"). */
export const FEED_EVENT_CAP = 1000;

/** 32 random bytes in base64url: 43 characters. */
export const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface FeedStatus {
  enabled: boolean;
  createdAt: string | null;
}

export async function feedStatus(ctx: AppContext, actor: Actor): Promise<FeedStatus> {
  const feed = await findFeedOf(ctx.db, actor.user.id);
  return { enabled: feed !== undefined, createdAt: feed?.created_at ?? null };
}

/**
 * Makes the caller's feed, or a new secret for it: the old address stops working in the same
 * statement. The secret is answered this once; only its hash is kept.
 */
export async function makeFeed(
  ctx: AppContext,
  actor: Actor,
): Promise<{ secret: string; createdAt: string }> {
  const secret = randomBytes(32).toString('base64url');
  const at = nowIso();
  await putFeed(ctx.db, actor.user.id, hashOf(secret), at);
  return { secret, createdAt: at };
}

export async function turnOffFeed(ctx: AppContext, actor: Actor): Promise<void> {
  await deleteFeed(ctx.db, actor.user.id);
}

/** The owner of the feed with this secret, or 404: unknown, regenerated, turned off or deactivated. */
async function feedOwner(ctx: AppContext, secret: string): Promise<Actor> {
  if (!FEED_SECRET.test(secret)) throw notFound(calendarMessages.feedNotFound);
  const hash = hashOf(secret);
  const row = await findFeedByHash(ctx.db, hash);
  // The lookup is by hash, so its timing tells nothing of the secret; the comparison is constant-time
  // all the same, so that no collation or index quirk can let a near miss through.
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex')))
    throw notFound(calendarMessages.feedNotFound);
  if (row.is_active !== 1) throw notFound(calendarMessages.feedNotFound);
  return { user: { id: row.id, name: row.name, email: row.email, role: row.role }, sessionId: '' };
}

/**
 * The open dated tasks My Tasks shows as the owner's, at most FEED_EVENT_CAP: those due from now on,
 * soonest first, then the overdue ones, latest first. Answered in due order.
 */
async function feedTasks(ctx: AppContext, owner: Actor): Promise<Task[]> {
  const scope = myTasksScope(owner, undefined);
  const picked: Task[] = [];
  for (const group of ['today', 'upcoming'] as const) {
    const room = FEED_EVENT_CAP - picked.length;
    if (room <= 0) break;
    picked.push(...(await myTasks(ctx, scope, group, { limit: room, offset: 0 })).tasks);
  }
  const room = FEED_EVENT_CAP - picked.length;
  if (room > 0) {
    // Overdue tasks come oldest first: the latest `room` of them are the last page.
    const { total } = await myTasks(ctx, scope, 'overdue', { limit: 0, offset: 0 });
    const offset = Math.max(0, total - room);
    if (total > 0) picked.push(...(await myTasks(ctx, scope, 'overdue', { limit: room, offset })).tasks);
  }
  return picked.sort((a, b) => (a.dueAt! < b.dueAt! ? -1 : a.dueAt! > b.dueAt! ? 1 : a.id - b.id));
}

/** Names this installation in the events' UIDs; made once and kept in the settings. */
async function installationId(ctx: AppContext): Promise<string> {
  // Read first: a feed is polled often, and only the first poll ever needs to write.
  return (await getSetting(ctx.db, INSTALLATION_ID)) ?? putSettingOnce(ctx.db, INSTALLATION_ID, randomUUID());
}
const INSTALLATION_ID = 'installation_id';

/** The feed's iCalendar text and its ETag (a hash of the text: it moves only when the text does). */
export async function feedCalendar(
  ctx: AppContext,
  secret: string,
  appUrl: string,
): Promise<{ body: string; etag: string }> {
  const owner = await feedOwner(ctx, secret);
  const [tasks, installation] = await Promise.all([feedTasks(ctx, owner), installationId(ctx)]);
  const body = tasksCalendar(owner.user, tasks, { appUrl, installationId: installation });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}
