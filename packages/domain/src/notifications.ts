import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds.js';

export * from './notification-kinds.js';

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
    NotificationKind,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type NotificationPreferences = Record<NotificationKind, boolean>;
