export { NotificationBell } from './notification-bell';
export { NotificationPreferencesCard } from './notification-preferences-card';
