// Apart from the schema, so that the web app's shell reads the kinds without zod.
export const NOTIFICATION_KINDS = [
  'task_assigned',
  'task_due',
  'mention',
  'contact_assigned',
  'import_finished',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind reads in the profile screen's preferences. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  task_assigned: 'A task is assigned to me',
  task_due: 'A task of mine is due',
  mention: 'Someone mentions me',
  contact_assigned: 'A contact is assigned to me',
  import_finished: 'My import has finished',
};
