import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { answerWriteTurns, WRITE_TURNS_ENV } from '../src/db/write-turns.js';
import { until } from './helpers/server-process.js';

const PROCESS = fileURLToPath(new URL('./helpers/write-turns-process.ts', import.meta.url));

let dir: string | undefined;
const workers: Worker[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) if (!worker.isDead()) worker.process.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A SQLite file in WAL mode with the table the processes write to; this process deals the turns. */
function newDatabase(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'crm-turns-'));
  const file = new SQLite(path.join(folder, 'crm.sqlite'));
  file.pragma('journal_mode = WAL');
  file.exec('create table turns_log (id integer primary key, pid integer not null)');
  file.close();
  answerWriteTurns();
  return folder;
}

/** The rows each process committed. */
function rowsByProcess(folder: string): { pid: number; n: number }[] {
  const check = new SQLite(path.join(folder, 'crm.sqlite'), { readonly: true });
  const rows = check.prepare('select pid, count(*) as n from turns_log group by pid order by pid').all();
  check.close();
  return rows as { pid: number; n: number }[];
}

/** A server process that has opened the database, and everything it has reported. */
async function start(dataDir: string) {
  cluster.setupPrimary({ exec: PROCESS, execArgv: ['--import', 'tsx'] });
  const worker = cluster.fork({ DATA_DIR: dataDir, [WRITE_TURNS_ENV]: '1' });
  workers.push(worker);
  const heard: Record<string, unknown>[] = [];
  worker.on('message', (message) => heard.push(message));
  await until('the process to open the database', () => (heard.some((m) => m.ready) ? true : undefined));
  return { worker, heard };
}

// The processes open their own SQLite file, whichever engine the rest of the suite runs on.
describe('write turns between server processes on one SQLite file', () => {
  it('keeps a waiting process answering, and lets it write once the one holding the turn dies', async () => {
    dir = newDatabase();

    const holder = await start(dir);
    const writer = await start(dir);
    holder.worker.send({ do: 'hold' });
    await until('the first process to hold its turn', () =>
      holder.heard.some((m) => m.holding) ? true : undefined,
    );
    writer.worker.send({ do: 'write', rows: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Waiting for its turn, the writer's event loop still turns: SQLite's busy wait would stop it
    // (its requests unanswered) for as long as the other process held the lock.
    const asked = Date.now();
    writer.worker.send({ do: 'ping' });
    await until('an answer to the ping', () => (writer.heard.some((m) => m.pong) ? true : undefined), 2000);
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(writer.heard.some((m) => m.wrote)).toBe(false);

    holder.worker.process.kill('SIGKILL');
    await until(
      'the writer to finish',
      () => (writer.heard.some((m) => m.wrote === 20) ? true : undefined),
      20_000,
    );
    const rows = rowsByProcess(dir);
    // The holder's uncommitted row is gone with it; the writer's twenty are there.
    expect(rows).toEqual([{ pid: writer.worker.process.pid, n: 20 }]);
  });

  it('serves two processes writing at once, every transaction committed', async () => {
    dir = newDatabase();

    const first = await start(dir);
    const second = await start(dir);
    first.worker.send({ do: 'write', rows: 200 });
    second.worker.send({ do: 'write', rows: 200 });
    await until(
      'both to finish',
      () =>
        first.heard.some((m) => m.wrote === 200) && second.heard.some((m) => m.wrote === 200)
          ? true
          : undefined,
      20_000,
    );
    expect(rowsByProcess(dir).map(({ n }) => n)).toEqual([200, 200]);
  });
});
