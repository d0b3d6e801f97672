import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { authMessages as m, userMessages } from './messages.js';
import { PASSWORD_MIN_LENGTH } from './users.js';

export const loginSchema = z.object({
  email: z
    .string({ error: userMessages.emailRequired })
    .trim()
    .min(1, { error: userMessages.emailRequired })
    .pipe(z.email({ error: userMessages.emailFormat })),
  password: z
    .string({ error: userMessages.passwordRequired })
    .min(1, { error: userMessages.passwordRequired })
    .max(200),
});
export type LoginInput = z.output<typeof loginSchema>;

/** What the server checks on PUT users/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: m.passwordFieldsEmpty })
    .min(1, { error: m.passwordFieldsEmpty })
    .max(200),
  newPassword: z
    .string({ error: m.passwordFieldsEmpty })
    .min(1, { error: m.passwordFieldsEmpty })
    .min(PASSWORD_MIN_LENGTH, { error: userMessages.passwordLength })
    .max(200)
    .refine((password) => !isCommonPassword(password), { error: userMessages.passwordTooCommon }),
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** What the profile screen checks before sending: the three fields of the Change Password card. */
export function checkPasswordChange(fields: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | undefined {
  if (!fields.currentPassword || !fields.newPassword) return m.passwordFieldsEmpty;
  if (fields.newPassword !== fields.confirmPassword) return m.passwordsDiffer;
  return undefined;
}
