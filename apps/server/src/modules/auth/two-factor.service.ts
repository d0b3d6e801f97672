import { randomBytes } from 'node:crypto';
import {
  twoFactorMessages as m,
  TWO_FACTOR_POLICIES,
  type TwoFactorPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorRequiredFor,
  userMessages,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { getSetting, putSetting } from '../../db/settings.js';
import { type Actor, assertAdmin } from '../../lib/actor.js';
import { conflict, fieldError, notFound, unauthorized } from '../../lib/http-errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { recordActorAudit, recordAudit } from '../audit/audit.service.js';
import { inWrite } from '../records/write-scope.js';
import { findUserById, type UserRow } from '../users/user-reads.js';
import { countAttempt, loginLimits } from './attempts.service.js';
import { challengeDigest, newRecoveryCodes, recoveryCodeDigest, recoveryCodeKey } from './recovery-codes.js';
import {
  claimTimeStep,
  clearSecondFactor,
  countUnusedRecoveryCodes,
  deleteUserChallenges,
  enableSecondFactor,
  findChallenge,
  findSecondFactor,
  insertChallenge,
  putPendingSecret,
  replaceRecoveryCodes,
  type SecondFactorRow,
  useRecoveryCode,
} from './second-factors.repository.js';
import { checkTotp, newTotpSecret, totpSetup } from './totp.js';

/** What a right password still needs: a code ('required'), or setting a factor up first ('setup'). */
export type SecondStep = 'required' | 'setup';

/** Long enough to open an app and type a code, or to scan a QR code the first time. */
const CHALLENGE_TTL_MS = 10 * 60_000;
const POLICY_KEY = 'two_factor_required';

export async function twoFactorPolicy(db: Db): Promise<TwoFactorPolicy> {
  const stored = await getSetting(db, POLICY_KEY);
  return TWO_FACTOR_POLICIES.find((policy) => policy === stored) ?? 'off';
}

export async function setTwoFactorPolicy(ctx: AppContext, actor: Actor, policy: TwoFactorPolicy) {
  assertAdmin(actor);
  await putSetting(ctx.db, POLICY_KEY, policy);
  return { required: policy };
}

const isOn = (factor: SecondFactorRow | undefined): factor is SecondFactorRow & { secret: string } =>
  Boolean(factor?.secret && factor.enabled_at);

export async function secondStepFor(ctx: AppContext, user: UserRow): Promise<SecondStep | undefined> {
  if (isOn(await findSecondFactor(ctx.db, user.id))) return 'required';
  if (twoFactorRequiredFor(await twoFactorPolicy(ctx.db), user.role)) return 'setup';
  return undefined;
}

/** A short-lived proof that the password was right; only its digest is stored. */
export async function openChallenge(ctx: AppContext, userId: number, step: SecondStep): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await insertChallenge(ctx.db, {
    digest: challengeDigest(challenge),
    userId,
    purpose: step,
    expiresAt: isoAfter(CHALLENGE_TTL_MS),
  });
  return challenge;
}

/** The active user a live challenge of this kind was given to; 401 for anything else. */
export async function challengedUser(
  ctx: AppContext,
  challenge: string,
  step: SecondStep,
): Promise<{ user: UserRow; digest: string }> {
  const digest = challengeDigest(challenge);
  const found = await findChallenge(ctx.db, digest);
  if (!found || found.purpose !== step || found.expires_at <= nowIso())
    throw unauthorized(m.challengeExpired);
  const user = await findUserById(ctx.db, found.user_id);
  if (user?.is_active !== 1) throw unauthorized(m.challengeExpired);
  return { user, digest };
}

export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  const factor = await findSecondFactor(ctx.db, user.id);
  const enabled = isOn(factor);
  return {
    enabled,
    pending: Boolean(factor?.secret && !factor.enabled_at),
    required: twoFactorRequiredFor(await twoFactorPolicy(ctx.db), user.role),
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** A new secret, pending until a code from it is confirmed; starting again replaces it. */
export async function startSetup(ctx: AppContext, user: UserRow): Promise<TwoFactorSetup> {
  if (isOn(await findSecondFactor(ctx.db, user.id))) throw conflict(m.alreadyEnabled);
  const secret = newTotpSecret();
  await putPendingSecret(ctx.db, user.id, secret, nowIso());
  return { secret, ...(await totpSetup(secret, user.email)) };
}

/**
 * Counted like a password: each code is an attempt on the user's e-mail, the client address and
 * the pair, with the same limits and the same lockout. A code is accepted once: its time step is
 * claimed, and a code of that step or an earlier one is refused afterwards.
 */
export async function checkCode(
  ctx: AppContext,
  user: UserRow,
  factor: SecondFactorRow & { secret: string },
  code: string,
  address: string,
): Promise<boolean> {
  const limits = loginLimits(ctx, user.email, address);
  const attempt = await countAttempt(ctx, limits);
  const step = await checkTotp(factor.secret, code, factor.last_time_step);
  if (step === undefined || !(await claimTimeStep(ctx.db, user.id, step))) return false;
  await attempt.succeeded([limits[2]!.key]);
  return true;
}

/** A recovery code, counted like a code; once accepted it is spent. */
export async function checkRecoveryCode(
  ctx: AppContext,
  user: UserRow,
  code: string,
  address: string,
): Promise<boolean> {
  const limits = loginLimits(ctx, user.email, address);
  const attempt = await countAttempt(ctx, limits);
  const digest = recoveryCodeDigest(await recoveryCodeKey(ctx.db), code);
  if (!(await useRecoveryCode(ctx.db, user.id, digest, nowIso()))) return false;
  await attempt.succeeded([limits[2]!.key]);
  return true;
}

/** The factor as stored when it is on, else undefined. */
export async function enabledFactor(ctx: AppContext, userId: number) {
  const factor = await findSecondFactor(ctx.db, userId);
  return isOn(factor) ? factor : undefined;
}

/**
 * A current code from the pending secret turns it on; the ten recovery codes are answered this
 * once and kept only as digests.
 */
export async function confirmSetup(
  ctx: AppContext,
  user: UserRow,
  code: string,
  address: string,
): Promise<{ recoveryCodes: string[] }> {
  const factor = await findSecondFactor(ctx.db, user.id);
  if (isOn(factor)) throw conflict(m.alreadyEnabled);
  if (!factor?.secret) throw conflict(m.notStarted);
  const pending = { ...factor, secret: factor.secret };
  if (!(await checkCode(ctx, user, pending, code, address))) throw fieldError('code', m.invalidCode);
  const recoveryCodes = newRecoveryCodes();
  const key = await recoveryCodeKey(ctx.db);
  const digests = recoveryCodes.map((each) => recoveryCodeDigest(key, each));
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await enableSecondFactor(trx, user.id, pending.secret, nowIso()))) throw conflict(m.notStarted);
    await replaceRecoveryCodes(trx, user.id, digests);
    await recordAudit(trx, {
      actor: user,
      action: 'auth.second-factor-enabled',
      targetType: 'user',
      targetId: user.id,
      address,
    });
  });
  return { recoveryCodes };
}

/** Off: the secret, the recovery codes and any sign-in halfway through are gone. */
export async function turnOff(ctx: AppContext, actor: Actor): Promise<void> {
  const userId = actor.user.id;
  await ctx.db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, userId);
    await replaceRecoveryCodes(trx, userId, []);
    await deleteUserChallenges(trx, userId);
    await recordActorAudit(trx, actor, 'auth.second-factor-disabled', {
      targetType: 'user',
      targetId: userId,
    });
  });
}

/**
 * An admin's reset, for a lost phone: the factor is off, who reset it and when stay on its row, and
 * the user's sessions end, since whoever holds the lost device may hold one of them too.
 */
export async function resetSecondFactor(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  assertAdmin(actor);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(userMessages.userNotFound);
  await inWrite(ctx, actor, async (w) => {
    if (!(await clearSecondFactor(w.db, userId, { by: actor.user.id, at: w.at })))
      throw conflict(m.notEnabled);
    await replaceRecoveryCodes(w.db, userId, []);
    await deleteUserChallenges(w.db, userId);
    await recordActorAudit(w.db, actor, 'auth.second-factor-reset', { targetType: 'user', targetId: userId });
    await w.emit('user.signed-out', { userId });
  });
}
