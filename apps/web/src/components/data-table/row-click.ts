import type { MouseEvent } from 'react';

/** Elements that do their own thing when clicked: a click on them never opens the row's record. */
const OWN_CLICK =
  'a, button, input, select, textarea, label, [role="menuitem"], [role="checkbox"], [role="switch"]';

/**
 * Opens the record of the row (or card) that was clicked, for a whole row as a target. The record's
 * name is a real link for keyboards and screen readers; this makes the rest of the row a mouse target
 * too. Ctrl, Cmd or the middle button open it in a new tab, as on a link. Clicks that select text, or
 * land on a control or in a menu drawn elsewhere in the page (React bubbles those through the row),
 * are left alone.
 */
export function openClickedRow(event: MouseEvent, navigate: (href: string) => void): void {
  if (event.defaultPrevented || (event.button !== 0 && event.button !== 1)) return;
  const target = event.target as Element;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return;
  if (target.closest(OWN_CLICK)) return;
  const row = target.closest<HTMLElement>('[data-href]');
  const href = row?.dataset.href;
  if (!href) return;
  if (window.getSelection()?.toString()) return;
  if (event.button === 1 || event.ctrlKey || event.metaKey) window.open(href, '_blank', 'noopener');
  else navigate(href);
}
