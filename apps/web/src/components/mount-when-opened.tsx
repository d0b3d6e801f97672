import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded dialog from the first time it is opened on, so its code (and the
 * validation it brings) is fetched on the click rather than with the screen. It stays mounted
 * afterwards, so that closing it still plays the dialog's transition.
 */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
