import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN } from './constants';

const root = path.resolve(import.meta.dirname, '../../../../..');

/** A free port on the loopback, as the system hands it out. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface FreshServer {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * A second server of the built app on an empty database of its own, with only the first admin
 * (the suite's server shares one database across specs, so it is never empty). It serves the same
 * copy of the web app as the suite's server.
 */
export async function startFreshServer(): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-empty-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CRM_ADMIN_EMAIL: ADMIN.email,
      CRM_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server on an empty database did not start: ${output}`);
}
