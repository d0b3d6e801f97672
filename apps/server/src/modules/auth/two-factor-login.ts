import { twoFactorMessages as m, type SecondFactorLoginInput, type TwoFactorSetup } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { conflict, unauthorized } from '../../lib/http-errors.js';
import type { UserRow } from '../users/user-reads.js';
import { openSession, signInFailed } from './auth.service.js';
import { deleteChallenge } from './second-factors.repository.js';
import {
  challengedUser,
  checkCode,
  checkRecoveryCode,
  confirmSetup,
  enabledFactor,
  startSetup,
} from './two-factor.service.js';

/** Spends the challenge and opens the session; of two requests with one challenge, one wins. */
async function finish(ctx: AppContext, user: UserRow, digest: string, address: string): Promise<string> {
  if (!(await deleteChallenge(ctx.db, digest))) throw unauthorized(m.challengeExpired);
  return openSession(ctx, user.id, { user, address, detail: { method: 'password', secondFactor: true } });
}

/** The second step of a sign-in: a current code or an unused recovery code. */
export async function completeSignIn(
  ctx: AppContext,
  input: SecondFactorLoginInput,
  address: string,
): Promise<{ token: string; user: UserRow }> {
  const { user, digest } = await challengedUser(ctx, input.challenge, 'required');
  const factor = await enabledFactor(ctx, user.id);
  if (!factor) throw unauthorized(m.challengeExpired);
  if (input.recoveryCode !== undefined) {
    if (!(await checkRecoveryCode(ctx, user, input.recoveryCode, address))) {
      await signInFailed(ctx, user.email, address, 'wrong-recovery-code', user);
      throw unauthorized(m.invalidRecoveryCode);
    }
  } else if (!(await checkCode(ctx, user, factor, input.code ?? '', address))) {
    await signInFailed(ctx, user.email, address, 'wrong-code', user);
    throw unauthorized(m.invalidCode);
  }
  return { token: await finish(ctx, user, digest, address), user };
}

/** Setting up a required factor during sign-in: the same steps as on the profile, then the session. */
export async function setupAtSignIn(ctx: AppContext, challenge: string): Promise<TwoFactorSetup> {
  const { user } = await challengedUser(ctx, challenge, 'setup');
  if (await enabledFactor(ctx, user.id)) throw conflict(m.alreadyEnabled);
  return startSetup(ctx, user);
}

export async function confirmAtSignIn(
  ctx: AppContext,
  input: { challenge: string; code: string },
  address: string,
): Promise<{ token: string; user: UserRow; recoveryCodes: string[] }> {
  const { user, digest } = await challengedUser(ctx, input.challenge, 'setup');
  const { recoveryCodes } = await confirmSetup(ctx, user, input.code, address);
  return { token: await finish(ctx, user, digest, address), user, recoveryCodes };
}
