import { useCallback, useState } from 'react';
import { readItem, writeItem } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** The wide-screen sidebar state: expanded unless the user collapsed it (persisted, 000 §2.4). */
export function useSidebarExpanded(): [boolean, () => void] {
  const [expanded, setExpanded] = useState(() => readItem(STORAGE_KEYS.sidebarExpanded) !== 'false');
  const toggle = useCallback(() => {
    setExpanded((current) => {
      const next = !current;
      writeItem(STORAGE_KEYS.sidebarExpanded, String(next));
      return next;
    });
  }, []);
  return [expanded, toggle];
}
