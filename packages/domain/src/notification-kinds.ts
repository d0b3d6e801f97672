// Apart from the schema, so that the web app's shell reads the kinds without zod.
export const NOTIFICATION_KINDS = [
  'task_assigned',
  'task_due',
  'mention',
  'contact_assigned',
  'import_finished',
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind reads in the profile screen's preferences. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  task_assigned: 'A task is assigned to me',
  task_due: 'A task of mine is due',
  mention: 'Someone mentions me',
  contact_assigned: 'A contact is assigned to me',
  import_finished: 'My import has finished',
  webhook_disabled: 'A webhook stopped after failing (admins)',
};

/** The daily e-mail of due and overdue tasks (sent only where SMTP is set up); on unless turned off. */
export const TASK_DIGEST = 'task_digest';
export const TASK_DIGEST_LABEL = 'E-mail me each morning my due and overdue tasks';

/** What a user can turn off: each kind of notification, and the digest. */
export const NOTIFICATION_PREFERENCE_KEYS = [...NOTIFICATION_KINDS, TASK_DIGEST] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
