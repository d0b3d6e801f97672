import { lazy, Suspense, useEffect, useState } from 'react';

/** The events `modals.openConfirmModal` and its siblings raise on window (see @mantine/modals). */
const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);
/** Every dialog follows a click or a key press: the first of them starts fetching the host. */
const INTENT_EVENTS = ['pointerdown', 'keydown'];

const ModalsProvider = lazy(async () => ({ default: (await import('./modals-host')).ModalsProvider }));

/** Dialogs asked for before the host is there; replayed once it listens. */
const held: CustomEvent[] = [];
function hold(event: Event) {
  if (event instanceof CustomEvent) held.push(event);
}

/**
 * The confirmation dialogs' host, fetched at the first click or key press rather than with the
 * screen: no screen needs a dialog to show. A dialog asked for before the host has arrived waits,
 * and opens when it does.
 */
export function DeferredModals() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const name of OPEN_EVENTS) {
      window.addEventListener(name, hold);
      window.addEventListener(name, want);
    }
    for (const name of INTENT_EVENTS) window.addEventListener(name, want, { capture: true });
    return () => {
      for (const name of OPEN_EVENTS) window.removeEventListener(name, want);
      for (const name of INTENT_EVENTS) window.removeEventListener(name, want, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{null}</ModalsProvider>
      <ReplayHeld />
    </Suspense>
  );
}

/** Mounted after the host (effects run in tree order), so the host hears what is replayed. */
function ReplayHeld() {
  useEffect(() => {
    for (const name of OPEN_EVENTS) window.removeEventListener(name, hold);
    for (const event of held.splice(0))
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, []);
  return null;
}
