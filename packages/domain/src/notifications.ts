import { z } from 'zod';

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

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
    NotificationKind,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type NotificationPreferences = Record<NotificationKind, boolean>;
