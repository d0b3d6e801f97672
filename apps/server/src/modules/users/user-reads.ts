/**
 * What other modules may read of users: a session's user, an assignee's name, the active ones among
 * a list. Writes go through user-write.ts; nothing outside this module reads the repository.
 */

export { type UserRow, userColumns } from './user-row.js';
export {
  activeAdminIds,
  activeUsersAmong,
  countUsers,
  findActiveUserByNameOrEmail,
  findUserByEmail,
  findUserById,
  userNames,
} from './users.repository.js';

import type { Db } from '../../db/database.js';
import { activeUsersAmong } from './users.repository.js';

/** The name of an active user, or undefined when there is none (a new assignee is checked so). */
export async function activeUserName(db: Db, id: number): Promise<string | undefined> {
  return (await activeUsersAmong(db, [id]))[0]?.name;
}
