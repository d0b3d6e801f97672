import { CompiledQuery, type DatabaseConnection, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { engineOf } from '../src/db/dialect.js';
import { type ContactJson, call, createContact, leadPayload } from './helpers/contacts.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

/**
 * The contacts list's "name contains" filter at a size where reading every row costs: the
 * statements GET /api/contacts sends for it are captured and explained, and must read their matches
 * from the trigram index (issue "PostgreSQL at a million": no list scans beyond its matches). On
 * PostgreSQL that is pg_trgm's GIN index `contacts_search_trgm` (migration 0002) instead of a Seq
 * Scan; on SQLite the FTS5 trigram table `contacts_search` instead of a SCAN of `contacts`.
 */

const FILLER = 20_000;

let t: TestApp;
let admin: SignedIn;
let zumrut: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
  // 20,000 leads in one statement, with the keys the write path stores (ASCII names, so folding
  // is lowering): names and phones differ, so the index's statistics look like real data.
  const at = new Date().toISOString();
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(FILLER)}),
    people AS (
      SELECT i, 'Lead' || i AS name,
        CASE i % 5 WHEN 0 THEN 'Yilmaz' WHEN 1 THEN 'Demir' WHEN 2 THEN 'Georgiou' WHEN 3 THEN 'Smith'
          ELSE 'Ivanova' END AS surname,
        '90533' || (1000000 + i) AS phone
      FROM n)
    INSERT INTO contacts (type, name, surname, phone, source, owner_id, name_key, name_fold, surname_key,
      phone_key, search_text, created_at, updated_at)
    SELECT 'LEAD', name, surname, phone, 'Facebook', ${admin.id}, lower(name || ' ' || surname),
      lower(name || ' ' || surname), lower(surname), substr(phone, 3), lower(name || ' ' || surname) || ' ' || phone,
      ${at}, ${at}
    FROM people`.execute(t.db);
  // The three the filter finds, written as the app writes them.
  zumrut = [];
  for (const [index, name] of ['Kıvılcım', 'Ayşe', 'Mehmet'].entries()) {
    const contact = await createContact(
      t,
      admin,
      leadPayload({ name, surname: 'Zümrütoğlu', phone: `+90 542 000 00 0${index}` }),
    );
    zumrut.push(contact.id);
  }
  if (engineOf(t.db) === 'postgres') {
    // ANALYZE gives the planner the table's statistics. VACUUM also merges the GIN index's pending
    // list, where a bulk insert leaves new entries until autovacuum merges them on a live server;
    // unmerged, the planner prices the trigram index as a read of that whole list.
    await sql`VACUUM ANALYZE contacts`.execute(t.db);
  }
}, 120_000);
afterAll(async () => t.close());

/** Runs `work` with every statement `db` sends recorded, whoever sends it (the app's own requests). */
async function recording<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; statements: CompiledQuery[] }> {
  const statements: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const provide = executor.provideConnection.bind(executor);
  executor.provideConnection = (consumer) =>
    provide((connection) => {
      const recorded: DatabaseConnection = {
        executeQuery: (query) => {
          statements.push(query);
          return connection.executeQuery(query);
        },
        streamQuery: (query, chunkSize) => {
          statements.push(query);
          return connection.streamQuery(query, chunkSize);
        },
      };
      return consumer(recorded);
    });
  try {
    return { result: await work(), statements };
  } finally {
    delete (executor as Partial<typeof executor>).provideConnection;
  }
}

/** The plan of one captured statement, with the parameters it was sent with, one line per node. */
async function planOf(db: Db, statement: CompiledQuery): Promise<string[]> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT TEXT) ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  }
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
  );
  return rows.map((row) => row.detail);
}

describe('contacts list: name contains, at 20,000 contacts', () => {
  it('reads its matches from the trigram index, never every contact', async () => {
    const { result: res, statements } = await recording(t.db, () =>
      call(
        t,
        'GET',
        `/api/contacts?type=lead&limit=50&filter.name=${encodeURIComponent('contains:zümrüt')}`,
        admin,
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<ContactJson[]>()
        .map((row) => row.id)
        .sort((a, b) => a - b),
    ).toEqual(zumrut);

    // The statements that test the filter (the ids of the matches, their count, or the page).
    const filtering = statements.filter((statement) => /name_fold like/i.test(statement.sql));
    expect(filtering.length).toBeGreaterThan(0);
    for (const statement of filtering) {
      const plan = (await planOf(t.db, statement)).join('\n');
      if (engineOf(t.db) === 'postgres') {
        expect(plan, statement.sql).toContain('Bitmap Index Scan on contacts_search_trgm');
        expect(plan, statement.sql).not.toMatch(/Seq Scan on contacts\b/);
      } else {
        expect(plan, statement.sql).toMatch(/SCAN contacts_search VIRTUAL TABLE/);
        // A SCAN of the table itself (no index named) would read every contact.
        expect(plan, statement.sql).not.toMatch(/^SCAN contacts(?: AS \w+)?$/m);
      }
    }
  });
});
