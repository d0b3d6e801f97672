import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { forkServerProcesses, retryDelays, type ServerProcesses } from '../src/cluster.js';

const SCRIPT = fileURLToPath(new URL('./fixtures/flaky-server.mjs', import.meta.url));
const quiet = { info: () => {}, error: () => {} };

let running: ServerProcesses | undefined;
let dir: string | undefined;
afterEach(async () => {
  await running?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  running = undefined;
  dir = undefined;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('replacing a server process that died', () => {
  it('retries with growing delays and gives up after the last one, telling the main process', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'crm-cluster-'));
    const marker = path.join(dir, 'fail');
    let gaveUp: unknown;
    running = await forkServerProcesses({
      count: 1,
      log: quiet,
      exec: SCRIPT,
      execArgv: [],
      env: { FAIL_MARKER: marker },
      retryDelays: [100, 200],
      onGiveUp: (error) => {
        gaveUp = error;
      },
    });
    writeFileSync(marker, '');
    process.kill(running.pids()[0]!, 'SIGKILL');
    for (let i = 0; i < 100 && gaveUp === undefined; i++) await wait(100);
    expect(gaveUp).toBeInstanceOf(Error);
    expect(running.pids()).toEqual([]);
  });

  it('comes up again once a retry succeeds', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'crm-cluster-'));
    const marker = path.join(dir, 'fail');
    let gaveUp = false;
    running = await forkServerProcesses({
      count: 1,
      log: quiet,
      exec: SCRIPT,
      execArgv: [],
      env: { FAIL_MARKER: marker },
      retryDelays: [300, 300, 300, 300, 300],
      onGiveUp: () => {
        gaveUp = true;
      },
    });
    const [first] = running.pids();
    writeFileSync(marker, '');
    process.kill(first!, 'SIGKILL');
    await wait(500);
    rmSync(marker);
    for (let i = 0; i < 100 && running.pids().length === 0; i++) await wait(100);
    expect(running.pids()).toHaveLength(1);
    expect(running.pids()[0]).not.toBe(first);
    expect(gaveUp).toBe(false);
  });
});

describe('the retry delays', () => {
  it('grow to 30 s and add up to WORKER_RETRY_SECONDS', () => {
    expect(retryDelays()).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 29_000]);
    expect(retryDelays(3)).toEqual([1000, 2000]);
    expect(retryDelays(1)).toEqual([1000]);
    for (const seconds of [1, 2, 5, 60, 120, 600])
      expect(retryDelays(seconds).reduce((a, b) => a + b, 0)).toBe(seconds * 1000);
  });
});
