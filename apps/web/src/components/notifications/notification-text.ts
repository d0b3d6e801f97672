import type { AppNotification } from './notifications-api';

/** One notification as a sentence: who did what about which task or record. */
export function notificationText(notification: AppNotification): string {
  const who = notification.actor?.name ?? 'Someone';
  switch (notification.kind) {
    case 'task_assigned':
      return `${who} assigned you the task "${notification.text}"`;
    case 'task_due':
      return `Your task "${notification.text}" is due`;
    case 'mention':
      return `${who} mentioned you: ${notification.text}`;
    case 'contact_assigned':
      return `${who} assigned ${notification.text} to you`;
    case 'import_finished':
      return `Your import has finished: ${notification.text}`;
    default:
      return notification.text;
  }
}
