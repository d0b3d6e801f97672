import type { Page } from '@playwright/test';

/** What the rows of a list must show before a measured action counts as answered. */
export interface RowsAwaited {
  /** A row at least this far down the list (its aria-rowindex; the header row is 1). */
  fromRowIndex?: number;
  /** The first row's text holds this (lower case). */
  firstRowContains?: string;
  /** "N results" above the table reads something else than this. */
  totalOtherThan?: string;
}

interface TimingWindow extends Window {
  __actionAt?: number;
  __rowsAt?: number;
}

/**
 * Starts timing, in the page's own clock, from a person's next action to the moment the list's rows
 * first show what `awaited` says: from the first click or scroll, or from the last keystroke (an
 * `input`) before the rows show. Read the result with `msToRows`.
 */
export async function watchRows(
  page: Page,
  action: 'click' | 'scroll' | 'input',
  awaited: RowsAwaited = {},
): Promise<void> {
  await page.evaluate(
    ([type, want]) => {
      const w = window as TimingWindow;
      w.__actionAt = undefined;
      w.__rowsAt = undefined;
      const mark = () => {
        if (w.__rowsAt === undefined && (type === 'input' || w.__actionAt === undefined))
          w.__actionAt = performance.now();
      };
      document.addEventListener(type, mark, { capture: true });
      const shown = () => {
        const rows = [...document.querySelectorAll('tbody tr[data-row-id]')];
        if (rows.length === 0) return false;
        if (want.fromRowIndex !== undefined) {
          const deepest = Math.max(...rows.map((row) => Number(row.getAttribute('aria-rowindex') ?? 0)));
          if (deepest < want.fromRowIndex) return false;
        }
        if (want.firstRowContains && !rows[0]?.textContent?.toLowerCase().includes(want.firstRowContains))
          return false;
        const total = document.querySelector('[data-testid="table-total"]')?.textContent ?? '';
        return want.totalOtherThan === undefined || total !== want.totalOtherThan;
      };
      const observer = new MutationObserver(() => {
        if (w.__actionAt === undefined || !shown()) return;
        w.__rowsAt = performance.now();
        observer.disconnect();
        document.removeEventListener(type, mark, { capture: true });
      });
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    },
    [action, awaited] as const,
  );
}

/** Milliseconds from the last action to the rows `watchRows` waited for; undefined until they show. */
export async function msToRows(page: Page): Promise<number | undefined> {
  return page.evaluate(() => {
    const w = window as TimingWindow;
    return w.__actionAt === undefined || w.__rowsAt === undefined ? undefined : w.__rowsAt - w.__actionAt;
  });
}

/**
 * What the browser fetched since `sinceMs` (the page's clock), each as start→end in ms from then:
 * a slow run says where its time went (the screen's code, the rows' answer, or the rendering).
 */
export async function fetchedSince(page: Page, sinceMs: number): Promise<string> {
  return page.evaluate((since) => {
    const at = (ms: number) => Math.round(ms - since);
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= since - 100)
      .map((entry) => {
        const { name, startTime, responseEnd } = entry as PerformanceResourceTiming;
        return `${new URL(name).pathname.split('/').pop()} ${at(startTime)}→${at(responseEnd)}`;
      })
      .join(', ');
  }, sinceMs);
}

/** When the last action `watchRows` saw happened, in the page's clock. */
export async function actionAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as TimingWindow).__actionAt ?? 0);
}
