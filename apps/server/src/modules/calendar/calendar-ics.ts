import ical, { ICalAlarmType } from 'ical-generator';
import { richTextToPlain } from '../../lib/sanitize.js';
import type { Task } from '../tasks/tasks.service.js';

export interface FeedOwner {
  name: string;
}

/** Calendar programs are told to poll every 15 minutes (those that listen: Apple's, Thunderbird). */
const REFRESH_SECONDS = 15 * 60;

/**
 * The feed as iCalendar text. Every value comes from the tasks, none from the clock (DTSTAMP is the
 * task's last change), so the same tasks give the same bytes and the ETag only moves when they do.
 */
export function tasksCalendar(
  owner: FeedOwner,
  tasks: Task[],
  options: { appUrl: string; installationId: string },
): string {
  const calendar = ical({
    name: `CRM tasks: ${owner.name}`,
    prodId: { company: 'CRM', product: 'Tasks', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const task of tasks) {
    if (task.dueAt === null) continue;
    const url = `${options.appUrl}${task.record?.path ?? '/my-tasks'}`;
    const details = richTextToPlain(task.description).trim();
    const description = [
      task.record ? `${recordLabel[task.record.kind]}: ${task.record.name}` : null,
      url,
      details || null,
    ]
      .filter((line) => line !== null)
      .join('\n');
    calendar.createEvent({
      // The same task keeps its UID across polls and regenerated addresses; the installation part
      // keeps two CRMs' task 12 apart in one calendar program.
      id: `task-${task.id}@${options.installationId}`,
      summary: task.title,
      // Tasks store a due moment in UTC (none is all-day): a timed event without an end.
      start: new Date(task.dueAt),
      stamp: new Date(task.updatedAt),
      lastModified: new Date(task.updatedAt),
      created: new Date(task.createdAt),
      description,
      url,
      // The CRM reminds the assignee when a task falls due (modules/tasks/due-reminders.ts): the
      // calendar program does the same.
      alarms: [{ type: ICalAlarmType.display, triggerBefore: 0, description: task.title }],
    });
  }
  return calendar.toString();
}

const recordLabel = { contact: 'Contact', agency: 'Partner', deal: 'Deal' } as const;
