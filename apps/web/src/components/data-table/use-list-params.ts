import { useCallback, useRef, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';

type Update = (current: URLSearchParams) => URLSearchParams;

/**
 * Where a table keeps its state: the page's URL for a list screen (so it can be reloaded, shared
 * and returned to), or the component itself for a table inside a detail screen.
 */
export function useListParams(inUrl: boolean): [URLSearchParams, (update: Update) => void] {
  const [urlParams, setUrlParams] = useSearchParams();
  const [ownParams, setOwnParams] = useState(() => new URLSearchParams());
  // While the next screen's code loads this list is still shown; a search settling then must not
  // replace the navigation the person chose with the list's own address.
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle';
  const update = useCallback(
    (change: Update) => {
      if (inUrl) {
        if (leaving.current) return;
        // Read the address bar itself: a change queued before the last one rendered (a search
        // settling after a sort click) must build on it, not on the params of an older render.
        const current = new URLSearchParams(window.location.search);
        const next = change(current);
        // Each change replaces the entry: Back leaves the list instead of replaying every keystroke.
        if (next.toString() !== current.toString()) setUrlParams(next, { replace: true });
      } else setOwnParams((current) => change(current));
    },
    [inUrl, setUrlParams],
  );
  return [inUrl ? urlParams : ownParams, update];
}
