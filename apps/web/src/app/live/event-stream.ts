import type { LiveEvent } from '@crm/domain';
import { API_BASE } from '../../lib/api-client';

const RETRY_MS = 2000;

/**
 * Reads GET /api/events with the session's current bearer token (EventSource cannot send one) and hands
 * each message's events on. Reconnects after a dropped stream; `onReconnect` lets the caller
 * refetch what may have changed while it was away. Stops when the signal aborts.
 */
export async function followEvents(
  getToken: () => string | null,
  signal: AbortSignal,
  onEvents: (events: LiveEvent[]) => void,
  onReconnect: () => void,
): Promise<void> {
  let first = true;
  while (!signal.aborted) {
    const token = getToken();
    if (!token) return;
    try {
      const response = await fetch(`${API_BASE}/events`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal,
      });
      // A session that ended is the session watcher's business; this stream just stops.
      if (response.status === 401 || response.status === 403) return;
      if (response.ok && response.body) {
        if (!first) onReconnect();
        first = false;
        await readMessages(response.body, onEvents);
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

async function readMessages(body: ReadableStream<Uint8Array>, onEvents: (events: LiveEvent[]) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n')) {
        if (!line.startsWith('data:')) continue;
        try {
          onEvents(JSON.parse(line.slice(5).trim()) as LiveEvent[]);
        } catch {
          // A malformed message is skipped; the next one stands on its own.
        }
      }
      end = buffer.indexOf('\n\n');
    }
  }
}
