import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { emailField } from './email.js';
import { userMessages as m } from './messages.js';
import { phoneField } from './phone.js';
import { ROLES, type Role } from './roles.js';

export { ROLES, type Role, USERS_ROUTE_ROLES } from './roles.js';

import { requiredText } from './text-field.js';

export const PASSWORD_MIN_LENGTH = 6;

const email = emailField({ required: m.emailRequired, format: m.emailFormat, tld: m.emailTld });

const baseUser = {
  firstName: requiredText(m.firstNameRequired, 100),
  surname: requiredText(m.surnameRequired, 100),
  phone: phoneField({ required: m.phoneRequired, length: m.phoneLength }),
  email,
  role: z.enum(ROLES, { error: m.roleInvalid }),
  isActive: z.boolean({ error: m.statusRequired }),
};

const newPassword = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: m.passwordLength })
  .max(200)
  .refine((password) => !isCommonPassword(password), { error: m.passwordTooCommon });

/** The user form when creating: every field, password required. */
export const createUserSchema = z.object({ ...baseUser, password: newPassword });
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;

/** The user form when editing: a blank (or spaces-only) or missing password keeps the current one. */
export const updateUserSchema = z.object({
  ...baseUser,
  password: z
    .string()
    .optional()
    .nullable()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(newPassword.optional()),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUser = z.output<typeof updateUserSchema>;

/** PUT users/me: the profile screen edits the display name and e-mail. */
export const updateProfileSchema = z.object({
  name: requiredText(m.nameRequired, 200),
  email,
});
export type UpdateProfile = z.output<typeof updateProfileSchema>;

export function displayName(firstName: string, surname: string): string {
  return `${firstName.trim()} ${surname.trim()}`.trim();
}

/** A user as the API answers it to an admin. */
export interface User {
  id: number;
  name: string;
  firstName: string;
  surname: string;
  phone: string;
  email: string;
  role: Role;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** Sent back with an edit (If-Match or `version`) so that a stale edit is refused. */
  version: number;
}

/** A user as the API answers it to everyone else: enough for pickers. */
export interface UserSummary {
  id: number;
  name: string;
}
