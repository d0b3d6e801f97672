import { z } from 'zod';
import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferenceKey } from './notification-kinds.js';

export * from './notification-kinds.js';

export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean().optional()])) as Record<
    NotificationPreferenceKey,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;
