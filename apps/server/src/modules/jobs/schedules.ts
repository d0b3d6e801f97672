/** When a periodic job runs: every so many milliseconds, or each day at HH:MM (UTC). */
export type Schedule = number | { dailyAt: string };

/**
 * A schedule as slots: a slot starts every `everyMs`, `offsetMs` after the epoch's multiples.
 * `runsAtOnce` says what a schedule no process has seen yet does with the slot it starts in: an
 * interval runs it (a cleanup is due now), a daily time waits for its next occurrence (a digest must
 * not go out because a fresh server started after the hour).
 */
export interface SlotRule {
  everyMs: number;
  offsetMs: number;
  runsAtOnce: boolean;
}

const DAY_MS = 86_400_000;

export function slotRule(schedule: Schedule): SlotRule {
  if (typeof schedule === 'number') {
    if (!Number.isInteger(schedule) || schedule <= 0) {
      throw new Error(
        `A schedule's interval must be a whole number of milliseconds above 0, not ${schedule}`,
      );
    }
    return { everyMs: schedule, offsetMs: 0, runsAtOnce: true };
  }
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule.dailyAt);
  if (!time) throw new Error(`dailyAt must be a UTC time as HH:MM, not ${schedule.dailyAt}`);
  const offsetMs = (Number(time[1]) * 60 + Number(time[2])) * 60_000;
  return { everyMs: DAY_MS, offsetMs, runsAtOnce: false };
}

/** The start of the slot `now` falls in: the latest slot start at or before it. */
export function slotAt(rule: SlotRule, now: number): number {
  return Math.floor((now - rule.offsetMs) / rule.everyMs) * rule.everyMs + rule.offsetMs;
}
