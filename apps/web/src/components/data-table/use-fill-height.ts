import { type RefObject, useLayoutEffect, useState } from 'react';

/** The frame's border under the scroller. */
const FRAME_BORDER = 1;

/**
 * The height that takes the element down to the bottom of the window, less the page's own bottom
 * padding: a list fills the screen instead of sitting in a fixed box with a second scrollbar beside
 * the page's. Never less than `min`: on a very short window the page scrolls instead.
 * Measured again when the window or anything above the element changes size.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, enabled: boolean, min: number) {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const main = element.closest('main');
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const below = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      const next = Math.max(min, Math.floor(window.innerHeight - top - below - FRAME_BORDER));
      setHeight((before) => (before === next ? before : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    // What sits above the list (a toolbar that wraps, a banner) moves it: its page and frame say so.
    for (const watched of [element.parentElement, element.parentElement?.parentElement, main]) {
      if (watched) observer.observe(watched);
    }
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, enabled, min]);
  return height;
}
