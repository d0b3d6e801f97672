import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** main.ts as `npm start` runs it, from the sources through tsx. */
export const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  ms = 30_000,
  explain: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. ${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** What it wrote on standard output and error so far. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * A whole server process on a free port of 127.0.0.1, answering once its readiness probe does.
 * `env` is added to this process's environment.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    `the server on port ${port} to be ready`,
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
      const res = await fetch(`${url}/api/health/ready`).catch(() => undefined);
      return res?.ok ? true : undefined;
    },
    60_000,
    () => output,
  );
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
