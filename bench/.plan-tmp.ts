import Database from 'better-sqlite3';
import { createDatabase } from '../apps/server/src/db/database.js';
import { parseListQuery } from '../apps/server/src/db/list-query.js';
import { contactListSpec, listContacts } from '../apps/server/src/modules/contacts/contacts.repository.js';
import { parseContactType } from '../apps/server/src/modules/contacts/contacts.service.js';

const seen: string[] = [];
const proto = Database.prototype as any;
const prepare = proto.prepare;
proto.prepare = function (this: any, text: string) {
  seen.push(text);
  return prepare.call(this, text);
};
const dir = '/tmp/crm11-1m';
const db = createDatabase({ dataDir: dir, databaseUrl: undefined });
const params = Object.fromEntries(new URL(process.argv[2]!, 'http://x').searchParams);
const { type, ...rest } = params;
const query = parseListQuery(rest, contactListSpec);
const scope = { type: parseContactType(type) };
const args: unknown[][] = [];
const t0 = performance.now();
await listContacts(db, scope, query);
const t1 = performance.now();
for (let i = 0; i < 3; i++) await listContacts(db, scope, query);
const t2 = performance.now();
console.log(`first ${(t1 - t0).toFixed(1)} ms, then ${((t2 - t1) / 3).toFixed(1)} ms`);
const raw = new Database(`${dir}/crm.sqlite`, { readonly: true });
for (const text of new Set(seen)) {
  if (!/^select/i.test(text)) continue;
  console.log('\n' + text);
  const n = (text.match(/\?/g) ?? []).length;
  try {
    const plan = raw.prepare(`explain query plan ${text}`).all(...Array(n).fill(null));
    for (const row of plan as any[]) console.log(`  ${row.detail}`);
  } catch (e) {
    console.log(String(e));
  }
}
await db.destroy();
