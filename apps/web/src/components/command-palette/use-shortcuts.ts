import { useEffect, useRef } from 'react';
import { GO_SHORTCUTS } from './palette-actions';

/** How long after `g` the second key still counts. */
const SEQUENCE_MS = 1000;

/** Typing into a field must not trigger the single-key shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

interface ShortcutHandlers {
  openPalette: () => void;
  openHelp: () => void;
  go: (to: string) => void;
  isAdmin: boolean;
}

/** Ctrl+K / Cmd+K anywhere, `/` and `?` outside fields, and `g` then d, l, c, p or u. */
export function useShortcuts({ openPalette, openHelp, go, isAdmin }: ShortcutHandlers) {
  const handlers = useRef({ openPalette, openHelp, go, isAdmin });
  handlers.current = { openPalette, openHelp, go, isAdmin };
  useEffect(() => {
    let gPressedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const h = handlers.current;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        h.openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      // A dialog already open (the palette itself, a form) keeps its keys.
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === '/') {
        event.preventDefault();
        h.openPalette();
      } else if (event.key === '?') {
        event.preventDefault();
        h.openHelp();
      } else if (event.key === 'g') {
        gPressedAt = Date.now();
      } else if (Date.now() - gPressedAt < SEQUENCE_MS) {
        gPressedAt = 0;
        const target = GO_SHORTCUTS.find((s) => s.key === event.key && (h.isAdmin || !('adminOnly' in s)));
        if (target) {
          event.preventDefault();
          h.go(target.to);
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
