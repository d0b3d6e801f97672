import { randomBytes } from 'node:crypto';
import { displayName } from '@crm/domain';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertUser } from './users.repository.js';

/** Someone a trusted sign-in provider vouches for, as the provider names them. */
export interface ProvisionedPerson {
  email: string;
  firstName: string;
  surname: string;
}

/**
 * Creates a plain, active user for someone single sign-on let in (when the installation allows
 * it), inside the caller's transaction; the caller publishes `userEvent(id)` after commit. There is
 * no admin behind this write: the provider's verified e-mail and the admin's setting stand for one.
 * The password is random and never told, so the account signs in through the provider until an
 * admin sets one.
 */
export async function provisionUser(
  db: Db,
  person: ProvisionedPerson & { passwordHash: string },
  at: string,
): Promise<number> {
  return insertUser(
    db,
    {
      name: displayName(person.firstName, person.surname),
      first_name: person.firstName,
      surname: person.surname,
      phone: '',
      email: person.email,
      role: 'user',
      is_active: 1,
      password_hash: person.passwordHash,
    },
    at,
  );
}

/** A hash of a random password nobody knows, made before the write's transaction (hashing is slow). */
export function unguessablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
