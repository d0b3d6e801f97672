import { twoFactorMessages as m, type TwoFactorStatus, userMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { findUserById } from '../users/user-reads.js';
import { checkCurrentPassword } from './auth.service.js';
import { checkCode, enabledFactor, turnOff, twoFactorStatus } from './two-factor.service.js';

/**
 * Turning one's own factor off takes a current code or the password (each counted like a sign-in),
 * so that a session left open on a shared screen is not enough. Not while the policy requires it.
 */
export async function disableOwnFactor(
  ctx: AppContext,
  actor: Actor,
  input: { code?: string | undefined; password?: string | undefined },
  address: string,
): Promise<TwoFactorStatus> {
  const user = await findUserById(ctx.db, actor.user.id);
  if (!user) throw notFound(userMessages.userNotFound);
  const factor = await enabledFactor(ctx, user.id);
  if (!factor) throw conflict(m.notEnabled);
  if ((await twoFactorStatus(ctx, user)).required) throw forbidden(m.stillRequired);
  const code = input.code?.replace(/\s+/g, '');
  if (code) {
    if (!(await checkCode(ctx, user, factor, code, address))) throw fieldError('code', m.invalidCode);
  } else if (!(await checkCurrentPassword(ctx, user, input.password ?? '', address))) {
    throw fieldError('password', m.passwordWrong);
  }
  await turnOff(ctx, actor);
  return twoFactorStatus(ctx, user);
}
