/** 000 §9: the stored token is re-checked every 10 s; 120 minutes without input log the user out. */
export const TOKEN_CHECK_INTERVAL_MS = 10_000;
export const INACTIVITY_TIMEOUT_MS = 120 * 60 * 1000;

/** What counts as activity for the inactivity timer (000 §4). */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'scroll', 'click'] as const;
