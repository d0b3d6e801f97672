/**
 * Live-update fan-out: STREAMS open event streams on one server process, and a burst of RATE events
 * a second for DURATION seconds published by a second database connection (the way another server
 * process publishes: through the SQLite event log, or PostgreSQL NOTIFY). Reports each event's
 * delivery time to each stream (p50, p99, max), what was lost, and the server's memory per open
 * stream (heap and RSS after a full collection, before and after the streams opened).
 *
 *   npm run bench:live [-- --streams 200 --rate 1000 --duration 5 --database-url URL]
 *
 * The streams are read by a child process, so that their sockets and buffers do not count as the
 * server's memory. Exits 1 when the p99 delivery exceeds 2 s or an event is lost.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { createEventBus } from '../apps/server/src/modules/events/create-event-bus.js';
import { insertUser } from '../apps/server/src/modules/users/users.repository.js';
import { intOption, parseOptions, stringOption } from './lib/args.js';
import { createScratchDatabase } from './lib/database.js';
import { percentile } from './lib/stats.js';

const TARGET_P99_MS = 2000;

interface ClientReport {
  received: number;
  p50: number;
  p99: number;
  max: number;
}

/** The child: opens the streams, and answers their delivery times when asked. */
async function runClients(port: number, token: string, streams: number): Promise<void> {
  const latencies: number[] = [];
  let received = 0;
  let open = 0;
  for (let i = 0; i < streams; i++) {
    http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (buffer === '' && chunk.startsWith('retry:')) {
            open += 1;
            if (open === streams) process.send?.({ ready: true });
          }
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('data: ')) {
              const now = Date.now();
              for (const event of JSON.parse(block.slice(6)) as { id: number }[]) {
                received += 1;
                latencies.push(now - Math.floor(event.id / 1000));
              }
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
  }
  process.on('message', () => {
    const report: ClientReport = {
      received,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.reduce((a, b) => Math.max(a, b), 0),
    };
    process.send?.(report, () => process.exit(0));
  });
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const values = parseOptions(process.argv.slice(2), {
    streams: { type: 'string' },
    rate: { type: 'string' },
    duration: { type: 'string' },
    'database-url': { type: 'string' },
    clients: { type: 'string' },
    port: { type: 'string' },
    token: { type: 'string' },
  });
  const streams = intOption(values, 'streams', 200, { min: 1, max: 5000 });
  if (stringOption(values, 'clients')) {
    return runClients(intOption(values, 'port', 0), stringOption(values, 'token') ?? '', streams);
  }
  const rate = intOption(values, 'rate', 1000, { min: 1, max: 100_000 });
  const duration = intOption(values, 'duration', 5, { min: 1, max: 600 });
  const databaseUrl = stringOption(values, 'database-url');
  if (!(globalThis as { gc?: unknown }).gc) console.warn('Run with --expose-gc for steady memory figures.');

  // A fresh SQLite folder, or a fresh database on the PostgreSQL server the URL names.
  const scratch = await createScratchDatabase(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: scratch.options.dataDir,
    TASK_REMINDER_SECONDS: '0',
    JOBS_POLL_MS: '0',
    ...(scratch.options.databaseUrl ? { DATABASE_URL: scratch.options.databaseUrl } : {}),
  });
  const db = createDatabase(config);
  await migrateToLatest(db);
  const email = `live-bench-${Date.now()}@example.com`;
  await insertUser(
    db,
    {
      name: 'Live Bench',
      first_name: 'Live',
      surname: 'Bench',
      phone: '905321234567',
      email,
      role: 'user',
      is_active: 1,
      password_hash: await hashPassword('bench-123'),
    },
    new Date().toISOString(),
  );
  const app = await buildApp({ config, db, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'bench-123' },
  });
  const token = login.json<{ token: string }>().token;

  const before = memory();
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['--clients', '1', '--port', String(port), '--token', token, '--streams', String(streams)],
    { execArgv: ['--import', 'tsx'] },
  );
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = memory();

  // Another process's way in: its own connection and its own bus on the same database.
  const publisherDb = createDatabase(config);
  const publisher = createEventBus(config, publisherDb, (error) => console.error(error));
  const tickMs = 10;
  let sent = 0;
  let seq = 0;
  const started = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - started >= duration * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      // As many as the rate asks for by now, however late this tick fired.
      const due = Math.floor(((now - started) * rate) / 1000) - sent;
      for (let i = 0; i < due; i++) {
        seq = (seq + 1) % 1000;
        publisher.publish({ kind: 'contact', id: now * 1000 + seq, audience: { everyone: true } });
        sent += 1;
      }
    }, tickMs);
  });
  await publisher.settled();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  child.send({ report: true });
  const report = await new Promise<ClientReport>((resolve) =>
    child.on('message', (message) => {
      if ((message as ClientReport).received !== undefined) resolve(message as ClientReport);
    }),
  );

  const expected = sent * streams;
  const perStreamHeap = (after.heapUsed - before.heapUsed) / streams / 1024;
  const perStreamRss = (after.rss - before.rss) / streams / 1024;
  console.log(`\nLive-update fan-out on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
  console.log(`| streams | events sent | rate/s | deliveries | lost | p50 ms | p99 ms | max ms |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  console.log(
    `| ${streams} | ${sent} | ${Math.round(sent / duration)} | ${report.received} | ${expected - report.received} | ${report.p50} | ${report.p99} | ${report.max} |`,
  );
  console.log(
    `\nServer memory per open stream: ${perStreamHeap.toFixed(1)} KB of heap, ${perStreamRss.toFixed(1)} KB of RSS (${streams} streams).`,
  );

  await publisher.close();
  await publisherDb.destroy();
  await app.close();
  await db.destroy();
  await scratch.dispose();
  const ok = report.p99 <= TARGET_P99_MS && report.received === expected;
  if (!ok) console.log(`MISSED: p99 must be at most ${TARGET_P99_MS} ms with nothing lost.`);
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
