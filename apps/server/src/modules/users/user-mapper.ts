import type { Role, User, UserSummary } from '@crm/domain';
import type { UserRow } from './user-row.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    firstName: row.first_name,
    surname: row.surname,
    phone: row.phone,
    email: row.email,
    role: row.role as Role,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export function toUserSummary(row: UserRow): UserSummary {
  return { id: row.id, name: row.name };
}
