import type { CreateUser, UpdateProfile, UpdateUser, User, UserSummary } from '@crm/domain';
import { authMessages, displayName, userMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import type { ListExport } from '../../db/list-stream.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { inWrite } from '../records/write-scope.js';
import type { Edit } from '../versions/versions.service.js';
import { refusingStale } from '../versions/versions.service.js';
import { toUser, toUserSummary } from './user-mapper.js';
import type { UserRow } from './user-row.js';
import { createUser, type UserPatch, writeUser } from './user-write.js';
import { findUserById, listUsers, userListSource, userListSpec, userPickerSpec } from './users.repository.js';

/** Admins get full records; everyone else gets id and name, enough for pickers. */
export async function listUsersFor(
  ctx: AppContext,
  actor: Actor,
  rawQuery: Record<string, unknown>,
): Promise<ListResult<User> | ListResult<UserSummary>> {
  const admin = isAdmin(actor);
  const spec = admin ? userListSpec : userPickerSpec;
  const page = await listUsers(ctx.db, parseListQuery(rawQuery, spec), spec);
  return admin ? { ...page, rows: page.rows.map(toUser) } : { ...page, rows: page.rows.map(toUserSummary) };
}

export async function getUser(ctx: AppContext, actor: Actor, id: number): Promise<User> {
  if (!isAdmin(actor) && actor.user.id !== id) throw forbidden(authMessages.forbidden);
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound(userMessages.userNotFound);
  return toUser(row);
}

export async function createUserFor(ctx: AppContext, actor: Actor, input: CreateUser): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const id = await inWrite(ctx, actor, (w) => createUser(w, { ...input, passwordHash }));
  return toUser((await findUserById(ctx.db, id))!);
}

/**
 * The admin's form: every field it sends, the display name made from first name and surname, and
 * a password only when one was typed. An edit against an older version is refused only when a
 * field it changes was changed since.
 */
export async function updateUserByAdmin(
  ctx: AppContext,
  actor: Actor,
  id: number,
  edit: Edit<UpdateUser>,
): Promise<User> {
  const { password, ...fields } = edit.fields;
  const patch: UserPatch = { ...fields };
  if (fields.firstName !== undefined || fields.surname !== undefined) {
    const current = await findUserById(ctx.db, id);
    if (!current) throw notFound(userMessages.userNotFound);
    patch.name = displayName(fields.firstName ?? current.first_name, fields.surname ?? current.surname);
  }
  if (password) patch.passwordHash = await hashPassword(password);
  await refusingStale(
    () => inWrite(ctx, actor, (w) => writeUser(w, id, patch, edit.version)),
    () => getUser(ctx, actor, id),
  );
  return toUser((await findUserById(ctx.db, id))!);
}

export async function setUserActive(
  ctx: AppContext,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<User> {
  await inWrite(ctx, actor, (w) => writeUser(w, id, { isActive: active }));
  return toUser((await findUserById(ctx.db, id))!);
}

/** The profile screen: one's own display name and e-mail. */
export async function updateProfile(ctx: AppContext, actor: Actor, input: UpdateProfile): Promise<User> {
  await inWrite(ctx, actor, (w) => writeUser(w, actor.user.id, { name: input.name, email: input.email }));
  return toUser((await findUserById(ctx.db, actor.user.id))!);
}

/** The users list as an export reads it: full records for admins, names for everyone else. */
export async function userListExport(
  ctx: AppContext,
  actor: Actor,
  params: Record<string, unknown>,
): Promise<ListExport<UserRow, User | UserSummary>> {
  const spec = isAdmin(actor) ? userListSpec : userPickerSpec;
  const query = parseListQuery(params, spec);
  const { total } = await listUsersFor(ctx, actor, { ...params, limit: '1', offset: '0' });
  return {
    total,
    source: userListSource(ctx.db, query, spec),
    query,
    toView: isAdmin(actor) ? toUser : toUserSummary,
  };
}
