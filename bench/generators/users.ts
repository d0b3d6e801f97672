import { displayName } from '@crm/domain';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../apps/server/src/db/schema.js';
import { insertInBatches, type TableName } from '../lib/database.js';
import type { Rng } from '../lib/prng.js';
import type { SeedContext, SeedResult } from './context.js';
import { asciiSlug, randomPerson } from './names.js';

/** The password of every generated account, printed by the seeder. */
export const DEFAULT_PASSWORD = 'password123';
/** The first generated user is always this active admin, so that a seeded database can be signed into. */
export const SEED_ADMIN_EMAIL = 'admin@example.com';

/** Tables the users generator fills, children first; --reset empties them. */
export const USER_TABLES: readonly TableName[] = ['sessions', 'login_failures', 'users'];

const YEAR_MS = 365.25 * 24 * 3_600_000;

export interface UserMix {
  /** Share of admins among the generated users (the seed admin comes on top). */
  adminShare: number;
  /** Share of deactivated accounts. */
  inactiveShare: number;
  /** How far back the accounts' creation dates reach. */
  years: number;
}

export const DEFAULT_USER_MIX: UserMix = { adminShare: 0.02, inactiveShare: 0.1, years: 3 };

type UserInsert = Insertable<UsersTable>;

/**
 * `count` users, lazily: the seed admin first, then people of several cultures with unique e-mails,
 * phones of 10–12 digits, mostly the `user` role, some inactive, created evenly over the last
 * `years` (ids rise with creation time, as in a real table) and some edited since.
 */
export function* generateUsers(
  rng: Rng,
  count: number,
  passwordHash: string,
  until: Date,
  mix: UserMix = DEFAULT_USER_MIX,
): Generator<UserInsert> {
  const end = until.getTime();
  const span = mix.years * YEAR_MS;
  const start = end - span;
  const usedEmails = new Set<string>();

  for (let i = 0; i < count; i++) {
    // Stratified times: one random instant in each of `count` equal slices keeps the rows in order.
    const created = Math.floor(start + ((i + rng.next()) * span) / count);
    const updated = rng.chance(0.3) ? rng.int(created, end) : created;
    const createdAt = new Date(created).toISOString();
    const updatedAt = new Date(updated).toISOString();
    if (i === 0) {
      usedEmails.add(SEED_ADMIN_EMAIL);
      yield {
        name: displayName('Seed', 'Admin'),
        first_name: 'Seed',
        surname: 'Admin',
        phone: '905331234567',
        email: SEED_ADMIN_EMAIL,
        password_hash: passwordHash,
        role: 'admin',
        is_active: 1,
        created_at: createdAt,
        updated_at: updatedAt,
      };
      continue;
    }
    const person = randomPerson(rng);
    yield {
      name: displayName(person.firstName, person.surname),
      first_name: person.firstName,
      surname: person.surname,
      phone: person.culture.phone(rng),
      email: uniqueEmail(rng, usedEmails, person.firstName, person.surname, person.culture.emailDomains),
      password_hash: passwordHash,
      role: rng.chance(mix.adminShare) ? 'admin' : 'user',
      is_active: rng.chance(mix.inactiveShare) ? 0 : 1,
      created_at: createdAt,
      updated_at: updatedAt,
    };
  }
}

function uniqueEmail(
  rng: Rng,
  used: Set<string>,
  firstName: string,
  surname: string,
  domains: readonly string[],
): string {
  const first = asciiSlug(firstName);
  const last = asciiSlug(surname);
  const local = rng.weighted([
    { value: `${first}.${last}`, weight: 5 },
    { value: `${first}${last}`, weight: 2 },
    { value: `${first.charAt(0)}.${last}`, weight: 2 },
    { value: `${first}_${last}`, weight: 1 },
    { value: `${first}.${last}${rng.int(60, 99)}`, weight: 1 },
  ]);
  const domain = rng.pick(domains);
  let email = `${local}@${domain}`;
  for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`;
  used.add(email);
  return email;
}

/** Inserts `count` generated users in batched transactions. */
export async function seedUsers(ctx: SeedContext, count: number): Promise<SeedResult> {
  const started = performance.now();
  const rows = generateUsers(ctx.rng.fork('users'), count, ctx.passwordHash, ctx.until);
  const written = await insertInBatches(
    ctx.db,
    rows,
    (trx, batch) => trx.insertInto('users').values(batch).execute(),
    ctx.batch,
  );
  return { table: 'users', rows: written, ms: performance.now() - started };
}
