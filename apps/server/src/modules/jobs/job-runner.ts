import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/database.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import {
  claimNextJob,
  type JobLane,
  type JobRow,
  type ProgressValues,
  releaseJob,
  saveJobProgress,
} from './jobs.repository.js';
import { Scheduler, type SlotPayload } from './scheduler.js';
import type { Schedule } from './schedules.js';

/** Thrown by ctx.progress when this process no longer holds the job. */
export class JobLostError extends Error {
  constructor(id: number) {
    super(`Job ${id} is no longer held by this process`);
  }
}

export interface JobContext {
  job: {
    id: number;
    kind: string;
    payload: unknown;
    checkpoint: unknown;
    actorId: number | null;
    attempt: number;
  };
  progress(values: Omit<ProgressValues, 'checkpoint'> & { checkpoint?: unknown }, trx?: Db): Promise<void>;
  signal: AbortSignal;
}

export type JobHandler = (ctx: JobContext) => Promise<unknown>;
/** A periodic job's handler; `slot` is the start of the slot it runs for (ms since the epoch). */
export type ScheduledHandler = (ctx: JobContext, slot: number) => Promise<unknown>;

export interface JobRunnerOptions {
  /** How often an idle runner looks for due jobs; 0 runs none in this process. */
  pollMs: number;
  /** How long a claim holds without renewal before another process may take the job. */
  leaseMs?: number;
  /**
   * Jobs someone started (imports, previews, undo) run at the same time by this process (default
   * 2). With two or more, the last free one takes only the job of someone who has none running.
   */
  concurrency?: number;
  /** Jobs nobody started (reminders, digests, schedules) run at the same time, in a lane of their own (default 1). */
  systemConcurrency?: number;
  workerId?: string;
  onError?: (error: unknown, job: JobRow | undefined) => void;
}

const MAX_BACKOFF_MS = 5 * 60_000;

/** Polls the jobs table and runs the registered handlers; see jobs.service.ts for the contract. */
export class JobRunner {
  readonly workerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly scheduler: Scheduler;
  private readonly leaseMs: number;
  private readonly slots: Record<JobLane, number>;
  private readonly running = new Map<
    number,
    { lane: JobLane; controller: AbortController; done: Promise<void> }
  >();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private polling: Promise<void> | undefined;
  private pollAgain = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions,
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.slots = { system: options.systemConcurrency ?? 1, people: options.concurrency ?? 2 };
    this.scheduler = new Scheduler(db, (error) => options.onError?.(error, undefined));
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Runs `kind` once per slot of `schedule` across every process; see jobs.service.ts. */
  every(kind: string, schedule: Schedule, handler: ScheduledHandler): void {
    this.scheduler.add(kind, schedule);
    this.register(kind, (ctx) => handler(ctx, Date.parse((ctx.job.payload as SlotPayload).slot)));
  }

  start(): void {
    if (this.started || this.options.pollMs <= 0) return;
    this.started = true;
    this.schedule(0);
  }

  /** Looks for due jobs now rather than at the next poll. */
  wake(): void {
    if (this.started && !this.stopping) this.schedule(0);
  }

  /** Stops claiming, aborts the running jobs and hands them back so any process resumes them. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.polling;
    for (const { controller } of this.running.values()) controller.abort(new Error('runner stopped'));
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /**
   * Enqueues the schedules' due slots, then claims and runs due jobs until none is left or every
   * slot of this process is taken; resolves when they finish.
   */
  async runDue(): Promise<void> {
    await this.scheduler.enqueueDue(Date.now());
    await this.fillSlots();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** Claims due jobs into this process's free slots, the system lane's first. */
  private async fillSlots(): Promise<void> {
    for (const lane of ['system', 'people'] as const) {
      while (!this.stopping && this.freeSlots(lane) > 0) {
        const job = await this.claim(lane);
        if (!job) break;
        this.launch(job, lane);
      }
    }
  }

  private freeSlots(lane: JobLane): number {
    let taken = 0;
    for (const job of this.running.values()) if (job.lane === lane) taken++;
    return this.slots[lane] - taken;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delay);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = (async () => {
      try {
        await this.scheduler.enqueueDue(Date.now());
        do {
          this.pollAgain = false;
          await this.fillSlots();
        } while (this.pollAgain && !this.stopping);
      } catch (error) {
        this.options.onError?.(error, undefined);
      }
    })();
    await this.polling;
    this.polling = undefined;
    if (!this.stopping) this.schedule(this.options.pollMs);
  }

  private claim(lane: JobLane): Promise<JobRow | undefined> {
    return claimNextJob(this.db, {
      workerId: this.workerId,
      kinds: [...this.handlers.keys()],
      now: nowIso(),
      leaseUntil: isoAfter(this.leaseMs),
      lane,
      // The last free slot for people is kept for someone who has no job running anywhere.
      newcomersOnly: lane === 'people' && this.slots.people > 1 && this.freeSlots('people') === 1,
    });
  }

  private launch(job: JobRow, lane: JobLane): void {
    const controller = new AbortController();
    const done = this.execute(job, controller).finally(() => {
      this.running.delete(job.id);
      // A slot is free: more may be waiting.
      if (this.started && !this.stopping) this.schedule(0);
    });
    this.running.set(job.id, { lane, controller, done });
  }

  /** A stopped runner's job is queued again as it is; the next runner resumes from its checkpoint. */
  private async handBack(job: JobRow): Promise<void> {
    await releaseJob(this.db, job.id, this.workerId, {
      state: 'queued',
      runAt: nowIso(),
      error: null,
      refund: true,
    });
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    if (job.attempts > job.max_attempts) {
      await releaseJob(this.db, job.id, this.workerId, {
        state: 'failed',
        error: job.error ?? `Gave up after ${job.max_attempts} attempts`,
      });
      return;
    }
    let lost = false;
    const renew = async (values: ProgressValues, db: Db) => {
      const held = await saveJobProgress(db, job.id, this.workerId, values, isoAfter(this.leaseMs));
      if (!held) {
        lost = true;
        controller.abort(new JobLostError(job.id));
        throw new JobLostError(job.id);
      }
    };
    const heartbeat = setInterval(() => {
      renew({}, this.db).catch((error: unknown) => {
        if (!(error instanceof JobLostError)) this.options.onError?.(error, job);
      });
    }, this.leaseMs / 3);
    heartbeat.unref();
    const ctx: JobContext = {
      job: {
        id: job.id,
        kind: job.kind,
        payload: JSON.parse(job.payload) as unknown,
        checkpoint: job.checkpoint === null ? null : (JSON.parse(job.checkpoint) as unknown),
        actorId: job.actor_id,
        attempt: job.attempts,
      },
      signal: controller.signal,
      progress: async (values, trx) => {
        const { checkpoint, ...counts } = values;
        await renew(
          { ...counts, ...(checkpoint !== undefined ? { checkpoint: JSON.stringify(checkpoint) } : {}) },
          trx ?? this.db,
        );
      },
    };
    try {
      const result = await handler(ctx);
      clearInterval(heartbeat);
      if (!lost && controller.signal.aborted) {
        await this.handBack(job);
      } else if (!lost) {
        await releaseJob(this.db, job.id, this.workerId, {
          state: 'done',
          result: JSON.stringify(result ?? null),
        });
      }
    } catch (error) {
      clearInterval(heartbeat);
      if (lost || error instanceof JobLostError) return;
      const message = error instanceof Error ? error.message : String(error);
      // Recording the outcome needs the database too; when that fails as well (it is away, or the
      // process is closing it), the lease runs out and another claim runs the job again.
      try {
        if (this.stopping) {
          await this.handBack(job);
          return;
        }
        this.options.onError?.(error, job);
        if (job.attempts < job.max_attempts) {
          const backoff = Math.min(1000 * 2 ** job.attempts, MAX_BACKOFF_MS);
          await releaseJob(this.db, job.id, this.workerId, {
            state: 'queued',
            runAt: isoAfter(backoff),
            error: message,
          });
        } else {
          await releaseJob(this.db, job.id, this.workerId, { state: 'failed', error: message });
        }
      } catch (releaseError) {
        this.options.onError?.(releaseError, job);
      }
    }
  }
}
