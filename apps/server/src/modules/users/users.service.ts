import type {
  ChangePasswordInput,
  CreateUser,
  UpdateProfile,
  UpdateUser,
  User,
  UserSummary,
} from '@crm/domain';
import { authMessages, displayName, userMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { refreshCreatorKey } from '../agencies/agencies.repository.js';
import type { Authenticated } from '../auth/auth.service.js';
import { checkCurrentPassword, openSession } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password.js';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import { refreshUserNameKeys } from '../contacts/contacts.repository.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, type Edit, refusingStale, versionColumns } from '../versions/versions.service.js';
import { toUser, toUserSummary } from './user-mapper.js';
import {
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  type UserRow,
  type UserWrite,
  updateUser,
  userListSpec,
  userPickerSpec,
} from './users.repository.js';

/** A user's name is copied into the sort keys of what they own or created. */
async function renameEverywhere(db: Db, userId: number, name: string): Promise<void> {
  await refreshUserNameKeys(db, userId, name);
  await refreshCreatorKey(db, userId, name);
}

const emailConflict = () => conflict(userMessages.emailTaken, { email: userMessages.emailTaken });

/** Admins get full records; everyone else gets id and name, enough for pickers. */
export async function listUsersFor(
  ctx: AppContext,
  actor: Authenticated,
  rawQuery: Record<string, unknown>,
): Promise<ListResult<User> | ListResult<UserSummary>> {
  const admin = actor.user.role === 'admin';
  const spec = admin ? userListSpec : userPickerSpec;
  const page = await listUsers(ctx.db, parseListQuery(rawQuery, spec), spec);
  return admin ? { ...page, rows: page.rows.map(toUser) } : { ...page, rows: page.rows.map(toUserSummary) };
}

export async function getUser(ctx: AppContext, actor: Authenticated, id: number): Promise<User> {
  if (actor.user.role !== 'admin' && actor.user.id !== id) throw forbidden(authMessages.forbidden);
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(userMessages.userNotFound);
  return toUser(row);
}

function formColumns(input: CreateUser | UpdateUser): UserWrite {
  return {
    name: displayName(input.firstName, input.surname),
    first_name: input.firstName,
    surname: input.surname,
    phone: input.phone,
    email: input.email,
    role: input.role,
    is_active: input.isActive ? 1 : 0,
  };
}

/** Writes that may race on the unique e-mail index answer 409 rather than a 500. */
async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailConflict();
    throw error;
  }
}

export async function createUser(ctx: AppContext, input: CreateUser): Promise<User> {
  if (await emailTaken(ctx.db, input.email)) throw emailConflict();
  const passwordHash = await hashPassword(input.password);
  const id = await guardEmail(() =>
    insertUser(ctx.db, { ...formColumns(input), password_hash: passwordHash }, nowIso()),
  );
  return toUser((await findUserById(ctx.db, id))!);
}

/** The form's fields of a stored user, as an edit would send them (the password is never read). */
function formOf(row: UserRow): UpdateUser {
  return {
    firstName: row.first_name,
    surname: row.surname,
    phone: row.phone,
    email: row.email,
    role: row.role as UpdateUser['role'],
    isActive: row.is_active === 1,
    password: undefined,
  };
}

const USER_FORM_FIELDS = [
  ['firstName', 'first_name'],
  ['surname', 'surname'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['role', 'role'],
  ['isActive', 'is_active'],
] as const;

/**
 * The admin's edit: the row is locked and read in the write's transaction; an edit against an
 * older version is refused only when a field it changes was changed since.
 */
export async function updateUserByAdmin(
  ctx: AppContext,
  actor: Authenticated,
  id: number,
  edit: Edit<UpdateUser>,
): Promise<User> {
  const input = edit.fields;
  if (!(await findUserById(ctx.db, id))) throw notFound(userMessages.userNotFound);
  if (id === actor.user.id && input.isActive === false)
    throw fieldError('isActive', userMessages.cannotDeactivateSelf);
  if (id === actor.user.id && input.role !== undefined && input.role !== 'admin') {
    throw fieldError('role', 'You cannot remove your own admin role');
  }
  if (input.email !== undefined && (await emailTaken(ctx.db, input.email, id))) throw emailConflict();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await refusingStale(
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const state = await lockVersion(trx, 'users', id);
        const existing = state && (await findUserById(trx, id));
        if (!state || !existing) throw notFound(userMessages.userNotFound);
        const merged: UpdateUser = { ...formOf(existing), ...input };
        const changes: Partial<UserWrite> = formColumns(merged);
        const changing: string[] = USER_FORM_FIELDS.filter(
          ([, column]) => changes[column] !== existing[column],
        ).map(([field]) => field);
        if (passwordHash) {
          changes.password_hash = passwordHash;
          changing.push('password');
        }
        assertFresh('user', state, edit.version, changing);
        if (changing.length === 0) return;
        await guardEmail(() =>
          updateUser(trx, id, { ...changes, ...versionColumns(state, changing, actor.user.id) }, nowIso()),
        );
        if (changes.name !== existing.name) await renameEverywhere(trx, id, changes.name ?? existing.name);
        // A deactivated account or a new password ends every open session of that user at once.
        if (changes.password_hash || (existing.is_active === 1 && !merged.isActive))
          await deleteUserSessions(trx, id);
      }),
    () => getUser(ctx, actor, id),
  );
  return toUser((await findUserById(ctx.db, id))!);
}

export async function setUserActive(
  ctx: AppContext,
  actor: Authenticated,
  id: number,
  active: boolean,
): Promise<User> {
  const existing = await findUserById(ctx.db, id);
  if (!existing) throw notFound(userMessages.userNotFound);
  if (!active && id === actor.user.id) throw badRequest(userMessages.cannotDeactivateSelf);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, id, { is_active: active ? 1 : 0 }, nowIso());
    if (!active) await deleteUserSessions(trx, id);
  });
  return toUser((await findUserById(ctx.db, id))!);
}

export async function updateProfile(
  ctx: AppContext,
  actor: Authenticated,
  input: UpdateProfile,
): Promise<User> {
  if (await emailTaken(ctx.db, input.email, actor.user.id)) throw emailConflict();
  await ctx.db.transaction().execute(async (trx) => {
    await guardEmail(() =>
      updateUser(trx, actor.user.id, { name: input.name, email: input.email }, nowIso()),
    );
    if (input.name !== actor.user.name) await renameEverywhere(trx, actor.user.id, input.name);
  });
  return toUser((await findUserById(ctx.db, actor.user.id))!);
}

/**
 * A password change ends every session of the user, this one included, and opens a fresh one for
 * the caller so that the screen they are on keeps working.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Authenticated,
  input: ChangePasswordInput,
  address: string,
): Promise<{ message: string; token: string }> {
  if (!(await checkCurrentPassword(ctx, actor.user, input.currentPassword, address))) {
    throw fieldError('currentPassword', authMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, actor.user.id, { password_hash: passwordHash }, nowIso());
    await deleteUserSessions(trx, actor.user.id);
  });
  return { message: authMessages.passwordUpdated, token: await openSession(ctx, actor.user.id) };
}
