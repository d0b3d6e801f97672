import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with a request: answer a status, or never answer (a timeout). */
export type Behaviour = number | 'hang';

/**
 * A real HTTP server for webhooks to reach: it keeps every request, and answers each path by the
 * behaviours queued for it (then 200), or always by the one set with `always`.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly queued = new Map<string, Behaviour[]>();
  private readonly fixed = new Map<string, Behaviour>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const behaviour = this.queued.get(path)?.shift() ?? this.fixed.get(path) ?? 200;
        if (behaviour === 'hang') return;
        // A redirect points at /followed, so a test can tell that it was not followed.
        const location = behaviour >= 300 && behaviour < 400 ? { location: '/followed' } : {};
        response.writeHead(behaviour, { 'content-type': 'text/plain', ...location }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  queue(path: string, ...behaviours: Behaviour[]): void {
    this.queued.set(path, [...(this.queued.get(path) ?? []), ...behaviours]);
  }

  always(path: string, behaviour: Behaviour): void {
    this.fixed.set(path, behaviour);
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
