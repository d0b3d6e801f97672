import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

type Update = (current: URLSearchParams) => URLSearchParams;

/**
 * Where a table keeps its state: the page's URL for a list screen (so it can be reloaded, shared
 * and returned to), or the component itself for a table inside a detail screen.
 */
export function useListParams(inUrl: boolean): [URLSearchParams, (update: Update) => void] {
  const [urlParams, setUrlParams] = useSearchParams();
  const [ownParams, setOwnParams] = useState(() => new URLSearchParams());
  const update = useCallback(
    (change: Update) => {
      // Each change replaces the entry: Back leaves the list instead of replaying every keystroke.
      if (inUrl) setUrlParams((current) => change(current), { replace: true });
      else setOwnParams((current) => change(current));
    },
    [inUrl, setUrlParams],
  );
  return [inUrl ? urlParams : ownParams, update];
}
