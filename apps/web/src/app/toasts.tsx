import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { TOAST_DURATION } from '../lib/toast';

/** Toasts: bottom right, at most 20, 350 px wide (000 §9). */
const TOAST_LIMIT = 20;
const TOAST_MAX_WIDTH = 350;

const Notifications = lazy(async () => ({
  default: (await import('./toast-container')).Notifications,
}));

/**
 * The toast container, fetched with its transitions when the first toast is raised: the store
 * keeps that toast until the container mounts and shows it. Most visits to the login page raise none.
 */
export function Toasts() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position="bottom-right"
        limit={TOAST_LIMIT}
        containerWidth={TOAST_MAX_WIDTH}
        autoClose={TOAST_DURATION.app}
      />
    </Suspense>
  );
}
