import Database from 'better-sqlite3';

const db = new Database('/work/bench-1m/crm.sqlite', { readonly: true });
const q = process.argv[2];
const stmt = db.prepare(q);
for (let i = 0; i < 20; i++) stmt.all();
const t = performance.now();
const N = 200;
let rows;
for (let i = 0; i < N; i++) rows = stmt.all();
console.log(((performance.now() - t) / N).toFixed(3), 'ms', rows.length, 'rows');
console.log(
  db
    .prepare('EXPLAIN QUERY PLAN ' + q)
    .all()
    .map((r) => r.detail)
    .join('\n'),
);
