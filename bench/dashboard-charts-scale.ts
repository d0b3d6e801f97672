/**
 * The dashboard's charts at the size of a million contacts, measured on the database alone:
 *
 *   npx tsx bench/dashboard-charts-scale.ts [--database-url URL] [--iterations 500]
 *
 * The charts read the totals triggers keep (migration 0010), whose size follows the days with
 * activity, the sources and the referring agencies, not the number of contacts, and the conversions
 * of the weeks shown from their history entries (migration 0024). This fills those totals as a
 * million contacts over three years would leave them (1,096 days of creations, 6 sources, 5,000
 * agencies, both types and active states), and writes the customers converted in the weeks shown
 * (a quarter of the million converted over the three years: about 19,000) with their conversion
 * entries, then times the charts' queries. `npm run bench` measures the same request over HTTP on a
 * seeded database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  CHART_WEEKS,
  dashboardCharts,
} from '../apps/server/src/modules/dashboard/dashboard-charts.service.js';
import { intOption, parseOptions, runMain, stringOption } from './lib/args.js';
import { openMigrated } from './lib/database.js';

const CONTACTS = 1_000_000;
const DAYS = 1_096;
const AGENCIES = 5_000;
const SOURCES = ['Direct Call', 'Facebook', 'Google Ads', 'Referral', 'Instagram', 'Walk-in'];
const CONVERTED_SHARE = 0.25;
/** The conversions the weekly chart reads: those of its weeks, out of three years'. */
const CONVERSIONS_SHOWN = Math.round(((CONTACTS * CONVERTED_SHARE) / DAYS) * CHART_WEEKS * 7);

async function main(): Promise<number> {
  const values = parseOptions(process.argv.slice(2), {
    'database-url': { type: 'string' },
    iterations: { type: 'string' },
  });
  const iterations = intOption(values, 'iterations', 500, { min: 1, max: 100_000 });
  const databaseUrl = stringOption(values, 'database-url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-charts-'));
  const db = await openMigrated({ databaseUrl, dataDir });
  try {
    const rows: {
      dimension: 'source' | 'agency' | 'created' | 'converted';
      value: string;
      type: string;
      is_active: number;
      n: number;
    }[] = [];
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    for (let day = 0; day < DAYS; day += 1) {
      const value = new Date(today - day * 86_400_000).toISOString().slice(0, 10);
      rows.push({
        dimension: 'created',
        value,
        type: 'LEAD',
        is_active: 1,
        n: Math.round((CONTACTS * 0.8) / DAYS),
      });
      rows.push({
        dimension: 'created',
        value,
        type: 'CUSTOMER',
        is_active: 1,
        n: Math.round((CONTACTS * 0.05) / DAYS),
      });
    }
    for (const type of ['LEAD', 'CUSTOMER']) {
      for (const is_active of [0, 1]) {
        for (const source of [...SOURCES, '']) {
          rows.push({ dimension: 'source', value: source, type, is_active, n: Math.round(CONTACTS / 28) });
        }
        for (let agency = 1; agency <= AGENCIES; agency += 1) {
          rows.push({ dimension: 'agency', value: String(agency), type, is_active, n: 1 + (agency % 40) });
        }
      }
      // Each agency's total over both states (is_active 2, migration 0015), as the triggers keep it.
      for (let agency = 1; agency <= AGENCIES; agency += 1) {
        rows.push({
          dimension: 'agency',
          value: String(agency),
          type,
          is_active: 2,
          n: 2 * (1 + (agency % 40)),
        });
      }
    }
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto('contact_stats')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    for (let id = 1; id <= AGENCIES; id += 500) {
      const batch = Array.from({ length: Math.min(500, AGENCIES - id + 1) }, (_, offset) => ({
        id: id + offset,
        name: `Agency ${id + offset}`,
      }));
      await sql`INSERT INTO agencies (id, name, is_active, created_at, updated_at) VALUES ${sql.join(
        batch.map((agency) => sql`(${agency.id}, ${agency.name}, 1, '2024-01-01', '2024-01-01')`),
      )}`.execute(db);
    }
    await writeConversions(db, today);
    console.log(
      `${rows.length.toLocaleString('en')} total rows and ${CONVERSIONS_SHOWN.toLocaleString('en')} conversions in the weeks shown, as ${CONTACTS.toLocaleString('en')} contacts leave them`,
    );
    for (let warm = 0; warm < 20; warm += 1) await dashboardCharts(db);
    const times: number[] = [];
    for (let run = 0; run < iterations; run += 1) {
      const started = performance.now();
      await dashboardCharts(db);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) =>
      (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(2);
    console.log(
      `dashboard charts, ${iterations} runs one after another: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
    );
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

/**
 * The customers converted in the weeks the chart shows, each with its conversion entry, spread
 * evenly over those days.
 */
async function writeConversions(db: Awaited<ReturnType<typeof openMigrated>>, today: number): Promise<void> {
  const now = new Date(today).toISOString();
  const { id: ownerId } = await db
    .insertInto('users')
    .values({
      name: 'Chart Owner',
      first_name: 'Chart',
      surname: 'Owner',
      phone: '905320000000',
      email: 'chart.owner@example.com',
      password_hash: 'x',
      role: 'admin',
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CONVERSIONS_SHOWN})
    INSERT INTO contacts (type, name, surname, phone, owner_id, name_key, name_fold, is_active, created_at, updated_at)
    SELECT 'CUSTOMER', 'Converted', 'Customer', '905330000000', ${ownerId}, 'converted customer',
      'converted customer', 1, ${now}, ${now} FROM n`.execute(db);
  const ids = await db.selectFrom('contacts').select('id').where('owner_id', '=', ownerId).execute();
  const days = CHART_WEEKS * 7;
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .insertInto('history')
      .values(
        ids.slice(start, start + 500).map(({ id }, offset) => ({
          contact_id: id,
          kind: 'conversion',
          user_id: ownerId,
          created_at: new Date(today - ((start + offset) % days) * 86_400_000 + 3_600_000).toISOString(),
        })),
      )
      .execute();
  }
}

runMain(main, 'Usage: npx tsx bench/dashboard-charts-scale.ts [--database-url URL] [--iterations N]');
