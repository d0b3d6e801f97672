import { randomGreetingEmoji } from '@crm/domain';
import { useEffect, useState } from 'react';
import { readItem, writeItem } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** The greeting's emoji: chosen at random once per session and kept under `layout-emoji`. */
export function useGreetingEmoji(): string {
  const [emoji] = useState(() => readItem(STORAGE_KEYS.layoutEmoji) || randomGreetingEmoji());
  useEffect(() => {
    writeItem(STORAGE_KEYS.layoutEmoji, emoji);
  }, [emoji]);
  return emoji;
}
