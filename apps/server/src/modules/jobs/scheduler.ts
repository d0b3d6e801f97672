import type { Db } from '../../db/database.js';
import { takeSlot } from './job-schedules.repository.js';
import { enqueueJob } from './jobs.service.js';
import { type Schedule, type SlotRule, slotAt, slotRule } from './schedules.js';

/** A scheduled job's payload: the start of its slot, as ISO 8601 UTC. */
export interface SlotPayload {
  slot: string;
}

interface Entry {
  kind: string;
  rule: SlotRule;
  /** When this process next asks the database: the start of the slot after the last one tried. */
  nextDue: number;
}

/**
 * The periodic jobs of one process, checked by its runner at every poll. Most polls cost a
 * comparison in memory; when a schedule's next slot has come, the slot is taken in job_schedules
 * and its job inserted in one transaction, under the unique key `kind@slot`, so that however many
 * processes try, one enqueues it. Only the slot of the moment is tried: slots missed while no
 * process ran collapse into it.
 */
export class Scheduler {
  private readonly entries: Entry[] = [];

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(kind: string, schedule: Schedule): void {
    // Due at the first poll: only the database knows whether the slot of the moment still has to run.
    this.entries.push({ kind, rule: slotRule(schedule), nextDue: 0 });
  }

  /** Enqueues the slot of each schedule whose time has come, unless another process has; answers their kinds. */
  async enqueueDue(now: number): Promise<string[]> {
    const enqueued: string[] = [];
    for (const entry of this.entries) {
      if (entry.nextDue > now) continue;
      const slot = slotAt(entry.rule, now);
      try {
        if (await this.enqueueSlot(entry, new Date(slot).toISOString())) enqueued.push(entry.kind);
        entry.nextDue = slot + entry.rule.everyMs;
      } catch (error) {
        // The slot stays due and is tried at the next poll; the other schedules go on.
        this.onError(error);
      }
    }
    return enqueued;
  }

  private enqueueSlot(entry: Entry, slot: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await takeSlot(trx, entry.kind, slot, entry.rule.runsAtOnce))) return false;
      const payload: SlotPayload = { slot };
      await enqueueJob(trx, { kind: entry.kind, payload, runAt: slot, uniqueKey: `${entry.kind}@${slot}` });
      return true;
    });
  }
}
