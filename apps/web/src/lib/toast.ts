import { notifications } from '@mantine/notifications';

/** Toast durations (000 §9). */
export const TOAST_DURATION = {
  app: 3000,
  sessionError: 4000,
  sessionSuccess: 2000,
} as const;

type ToastKind = 'success' | 'error' | 'info';

const COLORS: Record<ToastKind, string> = { success: 'teal', error: 'red', info: 'blue' };

function show(kind: ToastKind, message: string, autoClose: number): string {
  return notifications.show({ message, color: COLORS[kind], autoClose, withBorder: true });
}

/** Toasts on the application screens: 3 seconds. */
export const toast = {
  success: (message: string) => show('success', message, TOAST_DURATION.app),
  error: (message: string) => show('error', message, TOAST_DURATION.app),
  info: (message: string) => show('info', message, TOAST_DURATION.app),
  /** Stays until dismissed with `toast.dismiss(id)`. */
  loading: (message: string) =>
    notifications.show({ message, loading: true, autoClose: false, withCloseButton: false }),
  dismiss: (id: string) => notifications.hide(id),
};

/** Session messages (login screen, session expiry, inactivity): errors 4 s, success 2 s. */
export const sessionToast = {
  success: (message: string) => show('success', message, TOAST_DURATION.sessionSuccess),
  error: (message: string) => show('error', message, TOAST_DURATION.sessionError),
  info: (message: string) => show('info', message, TOAST_DURATION.sessionError),
};
