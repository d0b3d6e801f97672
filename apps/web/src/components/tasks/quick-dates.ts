import dayjs from 'dayjs';

/** The quick reschedule choices: 09:00 tomorrow, and 09:00 a week from today (local time). */
export function tomorrowMorning(now: Date = new Date()): string {
  return dayjs(now).add(1, 'day').hour(9).minute(0).second(0).millisecond(0).toISOString();
}

export function nextWeekMorning(now: Date = new Date()): string {
  return dayjs(now).add(7, 'day').hour(9).minute(0).second(0).millisecond(0).toISOString();
}

export function isOverdue(dueAt: string | null, state: string, now: Date = new Date()): boolean {
  return state === 'open' && dueAt !== null && new Date(dueAt) < now;
}
