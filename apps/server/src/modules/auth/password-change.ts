import { authMessages, type ChangePasswordInput, userMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, notFound } from '../../lib/http-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { inWrite } from '../records/write-scope.js';
import { findUserById } from '../users/user-reads.js';
import { writeUser } from '../users/user-write.js';
import { checkCurrentPassword, openSession } from './auth.service.js';

/**
 * A new password, given the current one (a wrong one counts like a failed login). The users'
 * write path stores it, which ends every session of the user, this one included; a fresh session
 * is opened for the caller so that the screen they are on keeps working.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordInput,
  address: string,
): Promise<{ message: string; token: string }> {
  const user = await findUserById(ctx.db, actor.user.id);
  if (!user) throw notFound(userMessages.userNotFound);
  if (!(await checkCurrentPassword(ctx, user, input.currentPassword, address))) {
    throw fieldError('currentPassword', authMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await inWrite(ctx, actor, (w) => writeUser(w, actor.user.id, { passwordHash }));
  return { message: authMessages.passwordUpdated, token: await openSession(ctx, actor.user.id) };
}
