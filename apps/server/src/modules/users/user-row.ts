import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

/**
 * A user as the server reads one: every column but the version bookkeeping. Other modules that
 * join users (a session's user) select these columns so that they read the same shape.
 */
export type UserRow = Omit<Selectable<UsersTable>, 'field_versions' | 'updated_by_id'>;

export const userColumns = [
  'users.id',
  'users.name',
  'users.first_name',
  'users.surname',
  'users.phone',
  'users.email',
  'users.password_hash',
  'users.role',
  'users.is_active',
  'users.created_at',
  'users.updated_at',
  'users.version',
] as const;
