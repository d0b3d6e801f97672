/** Requests in flight at once during a bulk action: the browser's per-host connection count. */
const BULK_CONCURRENCY = 6;

export interface BulkOutcome {
  succeeded: number[];
  failed: number[];
}

/**
 * Sends one request per id (001 §4), a few at a time, and reports which ones failed: for the lists
 * whose kind has no bulk endpoint (contacts by id, deals).
 */
export async function runPerId(ids: readonly number[], send: (id: number) => Promise<unknown>) {
  const outcome: BulkOutcome = { succeeded: [], failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await send(id);
        outcome.succeeded.push(id);
      } catch {
        outcome.failed.push(id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ids.length) }, worker));
  return outcome;
}
