/** Keys the app keeps in localStorage (000 §3.1). Values are plain strings unless noted. */
export const STORAGE_KEYS = {
  /** JSON of the signed-in user record. */
  user: 'user',
  /** The session token (a JWT whose payload carries `exp` in seconds). */
  token: 'token',
  /** The greeting emoji chosen for the top bar, as the emoji itself. */
  layoutEmoji: 'layout-emoji',
  /** Sidebar state on wide screens: "true" (expanded) or "false" (collapsed). */
  sidebarExpanded: 'sidebar-expanded',
  /** Colour scheme: "light" or "dark" (written by Mantine's colour-scheme manager). */
  theme: 'theme',
} as const;

/** sessionStorage key carrying a message across the full page load to /login. */
export const SESSION_MESSAGE_KEY = 'session-message';
