import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { postgresPool } from '../db/database.js';
import { unauthorized } from '../lib/http-errors.js';
import { ACTIVE_STATES, countActiveJobs } from '../modules/jobs/jobs.repository.js';
import { CLUSTER_METRICS_REQUEST, CLUSTER_METRICS_RESPONSE } from './metrics-cluster.js';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The metric families this process keeps; one registry per app, so tests can build several. */
export function createMetrics(ctx: AppContext): Registry {
  const registry = new Registry();
  // Process, heap, GC and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry });
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const pool = postgresPool(ctx.db);
  new Gauge({
    name: 'crm_db_pool_connections',
    help: 'PostgreSQL connections of this process: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // One read of the database per scrape, shared by the gauges that need it; a scrape must answer
  // while the database is away, since that is when operators look.
  const jobCounts = oncePerScrape(() => withinTimeout(countActiveJobs(ctx.db), DATABASE_TIMEOUT_MS));
  new Gauge({
    name: 'crm_database_up',
    help: 'Whether this process reached its database at this scrape (1) or not (0)',
    registers: [registry],
    // Any process of the instance that cannot reach it makes the instance's value 0.
    aggregator: 'min',
    async collect() {
      this.set((await jobCounts()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'crm_events_listener_up',
    help: 'Whether live-update events from other processes reach this one (PostgreSQL LISTEN; 1 or 0)',
    registers: [registry],
    aggregator: 'min',
    collect() {
      this.set(ctx.events.receiving ? 1 : 0);
    },
  });
  const seen = new Map<string, { kind: string; state: string }>();
  new Gauge({
    name: 'crm_jobs',
    help: 'Jobs queued or running, by kind and state (the queue depth, shared by every instance)',
    labelNames: ['kind', 'state'],
    registers: [registry],
    // Every process reads the same table: the processes' values are one value, not parts of a sum.
    aggregator: 'max',
    async collect() {
      const counts = await jobCounts();
      // Unreachable database: the last values read stay (crm_database_up says they are old).
      if (!counts) return;
      this.reset();
      for (const { kind, state } of counts) seen.set(`${kind}\n${state}`, { kind, state });
      // A kind and state seen once reads 0 when it empties rather than vanishing, and a state no job
      // has been in yet has a 0 of its own, so that sums over the queue are 0, never empty.
      for (const labels of seen.values()) this.set(labels, 0);
      for (const { kind, state, count } of counts) this.set({ kind, state }, count);
      const states = new Set([...seen.values()].map((labels) => labels.state));
      for (const state of ACTIVE_STATES) if (!states.has(state)) this.set({ state }, 0);
    },
  });
  return registry;
}

const DATABASE_TIMEOUT_MS = 2000;

/** The work's value, or undefined when it fails or takes longer than `ms`. */
async function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The gauges of one scrape are collected at once (prom-client starts every collect in one pass):
 * the callers while a read is in flight share it, and the next scrape reads afresh.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    if (!current) {
      const started = read();
      current = started;
      void started.finally(() => {
        if (current === started) current = undefined;
      });
    }
    return current;
  };
}

/** Both `Bearer TOKEN` strings compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * With several server processes (WORKERS), the one answering asks the main process, which gathers
 * and sums every process's metrics; alone, it answers its own.
 */
function gather(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = Math.random().toString(36).slice(2);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the main process did not send the metrics in time'));
    }, 6000);
    const onMessage = (message: { type?: string; id?: string; metrics?: string; error?: string }) => {
      if (message?.type !== CLUSTER_METRICS_RESPONSE || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.metrics ?? '');
    };
    process.on('message', onMessage);
    process.send?.({ type: CLUSTER_METRICS_REQUEST, id });
  });
}

/**
 * Prometheus metrics at /api/metrics, only when METRICS_TOKEN is set and sent as a bearer token.
 * Requests are counted by route template (never the raw URL, whose ids would make a series each).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const registry = createMetrics(ctx);
  if (cluster.isWorker) {
    // Constructing one makes this process answer the main process's requests for its metrics.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  const requests = registry.getSingleMetric('http_requests_total') as Counter<string>;
  const durations = registry.getSingleMetric('http_request_duration_seconds') as Histogram<string>;

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) throw unauthorized('Metrics need their token');
    return reply.header('content-type', registry.contentType).send(await gather(registry));
  });
}
