import http from 'node:http';

export interface StreamEvent {
  kind: string;
  id: number;
  record?: { kind: string; id: number };
}

/** An open /api/events stream: every event it received, and a way to wait for one. */
export interface OpenStream {
  events: StreamEvent[];
  waitFor: (match: (event: StreamEvent) => boolean, ms?: number) => Promise<StreamEvent>;
  close: () => void;
  /** Resolves with the time (Date.now()) at which the server ended the stream. */
  ended: Promise<number>;
}

export function openEventStream(baseUrl: string, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    const waiters: (() => void)[] = [];
    const request = http.get(
      `${baseUrl}/api/events`,
      { headers: { authorization: `Bearer ${token}` } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        let endedAt: number | undefined;
        const ended = new Promise<number>((done) =>
          res.once('end', () => {
            endedAt = Date.now();
            done(endedAt);
            for (const wake of waiters.splice(0)) wake();
          }),
        );
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) events.push(...(JSON.parse(line.slice(6)) as StreamEvent[]));
            }
            end = buffer.indexOf('\n\n');
          }
          for (const wake of waiters.splice(0)) wake();
        });
        resolve({
          events,
          ended,
          close: () => request.destroy(),
          waitFor: (match, ms = 5000) =>
            new Promise((found, fail) => {
              const started = Date.now();
              // Says what the stream had heard, so that a failure shows a lost event from a late one.
              const seen = () => `${events.length} events, the last ${JSON.stringify(events.slice(-5))}`;
              const deadline = setTimeout(
                () => fail(new Error(`no matching event within ${ms} ms (${seen()})`)),
                ms,
              );
              const check = () => {
                const event = events.find(match);
                if (event) {
                  clearTimeout(deadline);
                  found(event);
                } else if (endedAt !== undefined) {
                  clearTimeout(deadline);
                  fail(
                    new Error(
                      `the server ended the stream ${endedAt - started} ms into the wait (${seen()})`,
                    ),
                  );
                } else waiters.push(check);
              };
              check();
            }),
        });
      },
    );
    request.on('error', reject);
  });
}
