import { matchRoutes, type RouteObject } from 'react-router';

let preloadable: RouteObject[] = [];

/** router.tsx hands over its route table once, so links can warm a screen's chunk before the click. */
export function registerPreloadRoutes(routes: RouteObject[]) {
  preloadable = routes;
}

/**
 * Fetches the code of every lazy route matching `to`. The browser keeps one copy of each module, so
 * calling this on every hover or focus costs nothing after the first time.
 */
export function preloadRoute(to: string) {
  for (const match of matchRoutes(preloadable, to) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}

/** Props for any link: start loading its screen when the pointer rests on it or it gets focus. */
export function preloadProps(to: string) {
  const preload = () => preloadRoute(to);
  return { onMouseEnter: preload, onFocus: preload, onTouchStart: preload };
}
