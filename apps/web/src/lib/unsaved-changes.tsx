import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

const TITLE = 'Discard unsaved changes?';
const MESSAGE = 'You have changes that are not saved. If you leave now, they are lost.';

/** Asks before changes are thrown away; `onDiscard` runs only when the person agrees. */
export function confirmDiscardChanges(onDiscard: () => void, onKeep?: () => void): void {
  // Closing the prompt any other way (Escape, ×) keeps editing too, and each answer counts once.
  let answered = false;
  const answer = (choice: (() => void) | undefined) => () => {
    if (answered) return;
    answered = true;
    choice?.();
  };
  modals.openConfirmModal({
    title: TITLE,
    centered: true,
    children: <Text size="sm">{MESSAGE}</Text>,
    labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
    confirmProps: { color: 'red' },
    onConfirm: answer(onDiscard),
    onCancel: answer(onKeep),
    onClose: answer(onKeep),
  });
}

/** The browser's own prompt on closing or reloading the tab while `dirty`. */
function useBeforeUnload(dirty: boolean, saving: { current: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (saving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, saving]);
}

export interface LeaveGuard {
  /**
   * Wraps a save: while it runs, the navigation it makes (to the new record, back to the list) is
   * not questioned, since what was typed is being kept.
   */
  saving: <T>(save: Promise<T>) => Promise<T>;
}

/**
 * A page's form with changes not saved: leaving it inside the app (a link, Back, the palette) asks
 * first, and so does closing or reloading the tab. Moving within the same page (its search or tab in
 * the address) is not leaving it.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const savingRef = useRef(false);
  useBeforeUnload(dirty, savingRef);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !savingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmDiscardChanges(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);
  const saving = useCallback(async <T,>(save: Promise<T>) => {
    savingRef.current = true;
    try {
      return await save;
    } finally {
      savingRef.current = false;
    }
  }, []);
  return { saving };
}

/**
 * A dialog's close (Escape, the ×, a click outside, Cancel) that asks first when the dialog holds
 * changes, and warns on closing the tab meanwhile. A dialog sits on a page, so in-app navigation is
 * left to the page.
 */
export function useGuardedClose(dirty: boolean, onClose: () => void): () => void {
  const never = useRef(false);
  useBeforeUnload(dirty, never);
  return useCallback(() => {
    if (dirty) confirmDiscardChanges(onClose);
    else onClose();
  }, [dirty, onClose]);
}
