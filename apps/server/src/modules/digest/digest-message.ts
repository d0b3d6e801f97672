import type { Task } from '../tasks/tasks.service.js';
import type { MailMessage } from './mailer.js';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The digest as plain text: the overdue tasks, then the ones due later that day, each with the link
 * to its record (My Tasks for a task without one). Plain text reads in every client and needs no
 * escaping of what people typed.
 */
export function digestMessage(
  to: { name: string; email: string },
  tasks: Task[],
  total: number,
  options: { day: string; now: string; appUrl: string },
): MailMessage {
  const overdue = tasks.filter((task) => task.dueAt !== null && task.dueAt < options.now);
  const today = tasks.filter((task) => !overdue.includes(task));
  const line = (task: Task) => {
    const record = task.record ? ` (${task.record.name})` : '';
    const link = `${options.appUrl}${task.record?.path ?? '/my-tasks'}`;
    return `- ${task.title}${record}, due ${when(task.dueAt ?? '')}\n  ${link}`;
  };
  const section = (title: string, list: Task[]) =>
    list.length > 0 ? [`${title}:`, ...list.map(line), ''] : [];
  const more = total - tasks.length;
  const counts = [
    overdue.length > 0 ? `${overdue.length} overdue` : '',
    today.length > 0 ? `${today.length} due today` : '',
  ].filter(Boolean);
  return {
    to: to.email,
    subject: `Your tasks for ${options.day}: ${counts.join(', ')}${more > 0 ? `, ${more} more` : ''}`,
    text: [
      `Hello ${to.name},`,
      '',
      `${total === 1 ? 'One task is' : `${total} tasks are`} due by the end of ${options.day} (UTC).`,
      '',
      ...section('Overdue', overdue),
      ...section('Due today', today),
      ...(more > 0 ? [`…and ${more} more: ${options.appUrl}/my-tasks`, ''] : []),
      `This digest can be turned off in your profile: ${options.appUrl}/profile`,
    ].join('\n'),
  };
}
