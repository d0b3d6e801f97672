// The one module that names Mantine's toast container, so that it and its transitions form a chunk of
// their own (app/toasts.tsx loads it on the first toast).
export { Notifications } from '@mantine/notifications';
