import { displayName, type Role, USERS_ROUTE_ROLES, userMessages } from '@crm/domain';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { assertAdmin, isAdmin } from '../../lib/actor.js';
import { conflict, fieldError, notFound } from '../../lib/http-errors.js';
import { recordActorAudit } from '../audit/audit.service.js';
import type { AudiencedEvent } from '../events/event-types.js';
import type { WriteScope } from '../records/write-scope.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, versionColumns } from '../versions/versions.service.js';
import type { UserRow } from './user-row.js';
import { emailTaken, findUserById, insertUser, type UserWrite, updateUser } from './users.repository.js';

/** A change to a user's stored fields; what is left out stays as it is. */
export interface UserPatch {
  firstName?: string;
  surname?: string;
  /** The display name; the admin's form sets it from first name and surname. */
  name?: string;
  phone?: string;
  email?: string;
  role?: Role;
  isActive?: boolean;
  /** A new password, already hashed (lib/passwords.ts). */
  passwordHash?: string;
}

export interface NewUser {
  firstName: string;
  surname: string;
  phone: string;
  email: string;
  role: Role;
  isActive: boolean;
  passwordHash: string;
}

const COLUMNS = {
  firstName: 'first_name',
  surname: 'surname',
  name: 'name',
  phone: 'phone',
  email: 'email',
  role: 'role',
  isActive: 'is_active',
  passwordHash: 'password_hash',
} as const satisfies Record<keyof UserPatch, keyof UserWrite>;

/** What a user may change of their own account from the profile screen and the password dialog. */
const OWN_FIELDS: readonly (keyof UserPatch)[] = ['name', 'email', 'passwordHash'];

const emailConflict = () => conflict(userMessages.emailTaken, { email: userMessages.emailTaken });

/** The users list is for those who may open it; the user concerned hears of their own account. */
export function userEvent(id: number): AudiencedEvent {
  return { kind: 'user', id, audience: { roles: USERS_ROUTE_ROLES, users: [id] } };
}

/**
 * Refuses what the writer may not change: anything of another user, or their own role and status,
 * unless they are an admin; and an admin may not lock themselves out.
 */
function checkPermission(w: WriteScope, id: number, patch: UserPatch): void {
  const fields = Object.keys(patch) as (keyof UserPatch)[];
  const own = id === w.actor.user.id;
  if (!isAdmin(w.actor) && (!own || fields.some((field) => !OWN_FIELDS.includes(field))))
    assertAdmin(w.actor);
  if (own && patch.isActive === false) throw fieldError('isActive', userMessages.cannotDeactivateSelf);
  if (own && patch.role !== undefined && patch.role !== 'admin')
    throw fieldError('role', 'You cannot remove your own admin role');
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

export async function createUser(w: WriteScope, user: NewUser): Promise<number> {
  assertAdmin(w.actor);
  if (await emailTaken(w.db, user.email)) throw emailConflict();
  const id = await guardEmail(() =>
    insertUser(
      w.db,
      {
        name: displayName(user.firstName, user.surname),
        first_name: user.firstName,
        surname: user.surname,
        phone: user.phone,
        email: user.email,
        role: user.role,
        is_active: user.isActive ? 1 : 0,
        password_hash: user.passwordHash,
      },
      w.at,
    ),
  );
  w.publish(userEvent(id));
  return id;
}

function columnValue(field: keyof UserPatch, value: UserPatch[keyof UserPatch]): string | number {
  if (field === 'isActive') return value ? 1 : 0;
  return value as string;
}

/** A new role, an activation or a deactivation goes into the audit log, in the write's transaction. */
async function auditUserChanges(w: WriteScope, id: number, before: UserRow, changes: Partial<UserWrite>) {
  const target = { targetType: 'user', targetId: id };
  if (changes.role !== undefined)
    await recordActorAudit(w.db, w.actor, 'user.role-changed', {
      ...target,
      detail: { from: before.role, to: changes.role },
    });
  if (changes.is_active !== undefined)
    await recordActorAudit(
      w.db,
      w.actor,
      changes.is_active === 1 ? 'user.activated' : 'user.deactivated',
      target,
    );
}

/**
 * The one way a user's account changes (the admin's form and status actions, the profile, a new
 * password): permission per field, the row locked and read, the version checked, the changed
 * fields and their versions written. A new name reaches what copies it, and a deactivation or a
 * new password ends the user's sessions, through the topics other modules follow.
 */
export async function writeUser(
  w: WriteScope,
  id: number,
  patch: UserPatch,
  expectedVersion?: number,
): Promise<{ changed: string[] }> {
  checkPermission(w, id, patch);
  const state = await lockVersion(w.db, 'users', id);
  const existing = state && (await findUserById(w.db, id));
  if (!state || !existing) throw notFound(userMessages.userNotFound);
  const changes: Partial<UserWrite> = {};
  const changed: string[] = [];
  for (const [field, value] of Object.entries(patch) as [keyof UserPatch, UserPatch[keyof UserPatch]][]) {
    if (value === undefined) continue;
    const column = COLUMNS[field];
    const next = columnValue(field, value);
    if (existing[column as keyof UserRow] === next) continue;
    (changes as Record<string, unknown>)[column] = next;
    changed.push(field === 'passwordHash' ? 'password' : field);
  }
  assertFresh('user', state, expectedVersion, changed);
  if (changed.length === 0) return { changed };
  if (changes.email !== undefined && (await emailTaken(w.db, changes.email, id))) throw emailConflict();
  await guardEmail(() =>
    updateUser(w.db, id, { ...changes, ...versionColumns(state, changed, w.actor.user.id) }, w.at),
  );
  await auditUserChanges(w, id, existing, changes);
  if (changes.name !== undefined) await w.emit('user.renamed', { userId: id, name: changes.name });
  if (changes.password_hash !== undefined || changes.is_active === 0)
    await w.emit('user.signed-out', { userId: id });
  w.publish(userEvent(id));
  return { changed };
}
