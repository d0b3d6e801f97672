import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Inputs mark themselves invalid with `aria-invalid`; a field without such an input (the rich-text
 * editor) shows its message in a Mantine input wrapper, whose own control is then the one to focus.
 */
const INVALID = '[aria-invalid="true"], .mantine-InputWrapper-error';
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"]';

function focusTarget(found: Element): HTMLElement | null {
  if (found.matches('[aria-invalid="true"]')) return found as HTMLElement;
  const wrapper = found.closest('.mantine-InputWrapper-root');
  return wrapper?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * Focuses the first field, in the order the form shows them, that carries an error, and brings it
 * to the middle of its scrolling area (the page, or the dialog's body), so that on a phone too the
 * person sees which field to fix. Answers whether a field was found.
 */
export function focusFirstInvalid(root: ParentNode | null): boolean {
  if (!root) return false;
  for (const found of root.querySelectorAll(INVALID)) {
    const target = focusTarget(found);
    if (!target) continue;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center', inline: 'nearest' });
    return true;
  }
  return false;
}

export interface FocusFirstError<T extends HTMLElement> {
  /** On the form (or any element around its fields). */
  ref: RefObject<T | null>;
  /** Call with the errors a submit showed: once they are on screen, the first one takes the focus. */
  focusFirstError: () => void;
}

/**
 * A refused submit moves the focus to its first invalid field. The request is a counter so that the
 * move waits for the render that shows the messages (it is set in the same batch as the errors),
 * and so that errors cleared while typing never move the focus.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(): FocusFirstError<T> {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstInvalid(ref.current);
  }, [requests]);
  const focusFirstError = useCallback(() => setRequests((count) => count + 1), []);
  return { ref, focusFirstError };
}

/**
 * The props that make a list field a dialog's first field: Mantine's focus trap focuses it (rather
 * than the close button) when the dialog opens, and its list stays closed until asked for.
 */
export function dialogFirstField(first: boolean): { 'data-autofocus'?: true; openOnFocus?: false } {
  return first ? { 'data-autofocus': true, openOnFocus: false } : {};
}
