import { FILE_REMINDER_DAYS } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import type { ParentRef } from '../parents.js';
import { activeUsersAmong } from '../users/user-reads.js';
import { recordKeeper } from './tasks.repository.js';
import { createTask } from './tasks.service.js';

/**
 * A file's validity (a passport, a contract) becomes a task for the record's assignee, due at 09:00
 * UTC fourteen days before it passes, or now when that is already past.
 */
export async function remindOfFileValidity(
  ctx: AppContext,
  actor: Actor,
  parent: ParentRef,
  file: { id: number; name: string; validUntil: string },
): Promise<void> {
  const remindAt = Date.parse(`${file.validUntil}T09:00:00Z`) - FILE_REMINDER_DAYS * 86_400_000;
  const dueAt = new Date(Math.max(remindAt, Date.now())).toISOString();
  const keeper = await recordKeeper(ctx.db, parent);
  const [active] = keeper ? await activeUsersAmong(ctx.db, [keeper]) : [];
  const { events } = await createTask(
    ctx,
    actor,
    {
      title: `Renew "${file.name}": valid until ${file.validUntil}`.slice(0, 200),
      dueAt,
      assigneeId: active?.id ?? actor.user.id,
    },
    { record: parent, fileId: file.id },
  );
  ctx.events.publish(...events);
}
