import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../../lib/passwords.js';
import { nowIso } from '../../lib/time.js';
import { countUsers, insertUser } from './users.repository.js';

/**
 * On an empty database, creates the first admin from CRM_ADMIN_EMAIL / CRM_ADMIN_PASSWORD, or
 * admin@example.com with a random password that is printed once and never stored in clear.
 */
export async function bootstrapFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const email = config.adminEmail ?? 'admin@example.com';
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // Checked again inside the write: another instance may have created the admin meanwhile.
  const created = await db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return false;
    await insertUser(
      trx,
      {
        name: 'Administrator',
        first_name: 'Administrator',
        surname: '',
        phone: '',
        email,
        role: 'admin',
        is_active: 1,
        password_hash: passwordHash,
      },
      nowIso(),
    );
    return true;
  });
  if (!created) return;
  if (generated) {
    // Printed straight to the console, once, so that it reaches the person starting the server
    // without passing through the structured log pipeline.
    process.stdout.write(
      `\n  First admin created.\n    e-mail:   ${email}\n    password: ${password}\n  Change it from the profile screen after signing in.\n\n`,
    );
  } else {
    log.info({ email }, 'first admin created from CRM_ADMIN_EMAIL');
  }
}
