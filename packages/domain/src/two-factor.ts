import { z } from 'zod';

/** Who must use a second factor to sign in: an installation setting only admins change. */
export const TWO_FACTOR_POLICIES = ['off', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** Whether a user of this role must have a second factor under this policy. */
export function twoFactorRequiredFor(policy: TwoFactorPolicy, role: string): boolean {
  return policy === 'everyone' || (policy === 'admins' && role === 'admin');
}

export const RECOVERY_CODE_COUNT = 10;

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter a recovery code',
  invalidCode: 'Invalid authentication code',
  invalidRecoveryCode: 'Invalid recovery code',
  challengeExpired: 'Your sign-in has expired. Please log in again.',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notStarted: 'Start setting up two-factor sign-in first',
  notEnabled: 'Two-factor sign-in is not on',
  stillRequired: 'Two-factor sign-in is required for your account',
  confirmRequired: 'Enter a current code or your password',
  passwordWrong: 'Password is incorrect',
  policyInvalid: 'Choose off, admins or everyone',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  reset: 'Two-factor sign-in was reset',
} as const;

const m = twoFactorMessages;

/** A TOTP code as people type it: spaces (as apps group "123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: m.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: m.codeRequired })
      .regex(/^\d{6}$/, { error: m.codeFormat }),
  );

const challengeSchema = z
  .string({ error: m.challengeExpired })
  .min(1, { error: m.challengeExpired })
  .max(200);

const normaliseCode = (value: string) => value.replace(/\s+/g, '');
const normaliseRecovery = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * The second step of a sign-in: the challenge the password step answered, and either a code or a
 * recovery code (one object rather than a union, so that a mistake names its field and message).
 */
export const secondFactorLoginSchema = z
  .object({
    challenge: challengeSchema,
    code: z.string({ error: m.codeRequired }).max(20).optional(),
    recoveryCode: z.string({ error: m.recoveryCodeRequired }).max(100).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.recoveryCode !== undefined) {
      if (!normaliseRecovery(body.recoveryCode))
        ctx.addIssue({ code: 'custom', message: m.recoveryCodeRequired, path: ['recoveryCode'] });
      return;
    }
    const code = normaliseCode(body.code ?? '');
    if (!code) ctx.addIssue({ code: 'custom', message: m.codeRequired, path: ['code'] });
    else if (!/^\d{6}$/.test(code)) ctx.addIssue({ code: 'custom', message: m.codeFormat, path: ['code'] });
  })
  .transform((body) =>
    body.recoveryCode !== undefined
      ? { challenge: body.challenge, recoveryCode: normaliseRecovery(body.recoveryCode) }
      : { challenge: body.challenge, code: normaliseCode(body.code ?? '') },
  );
export type SecondFactorLoginInput = z.output<typeof secondFactorLoginSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });

export const challengeBodySchema = z.object({ challenge: challengeSchema });
export const confirmSetupChallengeSchema = z.object({ challenge: challengeSchema, code: totpCodeSchema });

/** Turning it off needs a current code or the password. */
export const disableTwoFactorSchema = z
  .object({ code: z.string().max(20).optional(), password: z.string().max(200).optional() })
  .refine((body) => Boolean(body.code?.trim() || body.password), { error: m.confirmRequired });

export const twoFactorPolicySchema = z.object({
  required: z.enum(TWO_FACTOR_POLICIES, { error: m.policyInvalid }),
});

/** What the login call answers when a password alone is not enough. */
export interface SecondFactorAnswer {
  secondFactor: 'required' | 'setup';
  challenge: string;
}

/** A new authenticator's details: the otpauth URI, the same as a QR image, and the secret to type. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
  qr: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}
