import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { putSettingOnce } from '../../db/settings.js';

/**
 * JWT_SECRET when configured; otherwise one secret generated on first start and kept in the
 * database, so that every server process sharing the database signs alike.
 */
export async function resolveTokenSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return putSettingOnce(db, 'jwt_secret', randomBytes(48).toString('base64url'));
}
