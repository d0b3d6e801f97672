import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { answerWriteTurns, WRITE_TURNS_ENV } from './db/write-turns.js';
import { answerMetricsRequests } from './plugins/metrics-cluster.js';

export interface ServerProcesses {
  /** The port they share (the one asked for, or the one chosen for PORT=0). */
  port: number;
  /** Process ids of the running server processes. */
  pids(): number[];
  /** Asks every process to finish its requests and close; resolves when all have exited. */
  stop(): Promise<void>;
}

export interface ForkOptions {
  count: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The script the processes run and its Node flags; by default this process's own. */
  exec?: string;
  execArgv?: string[];
  /** Added to the environment the processes inherit. */
  env?: Record<string, string>;
  /** Delays between attempts to replace a process that died (ms); after the last, give up. */
  retryDelays?: number[];
  /** Called once replacing a process has failed on every attempt. */
  onGiveUp?: (error: unknown) => void;
}

/**
 * Delays between retries, growing to 30 s, that add up to at most `seconds` (at least one retry).
 * The default two minutes is long enough for a database restart, short enough to be noticed.
 */
export function retryDelays(seconds = 120): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = 1000; ; delay = Math.min(delay * 2, 30_000)) {
    const next = Math.min(delay, seconds * 1000 - total);
    if (next <= 0 && delays.length > 0) return delays;
    delays.push(Math.max(next, 1));
    total += Math.max(next, 1);
  }
}

/**
 * Starts `count` server processes sharing one listening port; the primary hands each new connection
 * to the next process in turn. One Node process answers one request at a time, so at ten concurrent
 * users a request waits for the nine before it; more processes use the other cores.
 *
 * Resolves once every process listens. A process that dies later is replaced; one that dies before it
 * listens (a bad setting, a port in use) stops them all, since its siblings would fail alike.
 */
export async function forkServerProcesses(options: ForkOptions): Promise<ServerProcesses> {
  const { count, log } = options;
  cluster.setupPrimary({
    ...(options.exec ? { exec: options.exec } : {}),
    // V8's default young generation: a 64 MB one (--max-semi-space-size=64) once made collections
    // rarer, but let each process grow by 150 MB under load for no measurable gain in requests per
    // second at 1,000,000 contacts (docs/benchmarks.md).
    execArgv: options.execArgv ?? process.execArgv,
  });
  answerMetricsRequests();
  answerWriteTurns();
  const running = new Set<Worker>();
  let stopping = false;

  let port = 0;
  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork({ ...options.env, [WRITE_TURNS_ENV]: '1' });
      const failed = (code: number | null, signal: string | null) =>
        reject(new Error(`A server process exited before it listened (exit code ${code}, signal ${signal})`));
      worker.once('exit', failed);
      worker.once('listening', (address) => {
        port = address.port;
        worker.off('exit', failed);
        resolve(worker);
      });
    });

  const delays = options.retryDelays ?? retryDelays();
  /**
   * A replacement that dies before it listens (the database is down, say) is tried again after a
   * growing delay; once every delay has passed in vain the caller is told, to exit non-zero.
   */
  const replace = (attempt: number) => {
    if (stopping) return;
    start().then(watch, (error: unknown) => {
      const delay = delays[attempt];
      if (delay === undefined) {
        log.error({ err: error, attempts: attempt + 1 }, 'could not replace a server process; giving up');
        options.onGiveUp?.(error);
        return;
      }
      log.error({ err: error, retryInMs: delay }, 'could not replace a server process; trying again');
      // Not unref()ed: with every server process gone, this timer is what keeps the main process
      // alive (and exiting 0 in silence) until it gives up.
      setTimeout(() => replace(attempt + 1), delay);
    });
  };

  const watch = (worker: Worker) => {
    running.add(worker);
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) return;
      log.error({ workerPid: worker.process.pid, code, signal }, 'a server process exited; starting another');
      replace(0);
    });
  };

  const stop = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  const started = await Promise.allSettled(Array.from({ length: count }, start));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  for (const result of started) if (result.status === 'fulfilled') watch(result.value);
  log.info({ processes: count }, 'server processes listening');
  return { port, pids: () => [...running].map((worker) => worker.process.pid ?? 0), stop };
}
