import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a server (PostgreSQL), which a test can cut (every connection
 * dropped, new ones refused) and restore on the same port: the database "goes away" for real. It can
 * also answer new connections the way PostgreSQL refuses them (`refuseWith`: an error with a
 * SQLSTATE, as for a database closed to connections, a full server or a rotated password) or reset
 * them (`reset`).
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Drops every connection; new ones get a FATAL error with this SQLSTATE, then are closed. */
  refuseWith(sqlstate: string, message: string): void;
  /** Drops every connection; new ones are reset (ECONNRESET) as soon as they send anything. */
  reset(): void;
  /** Relays new connections again (after refuseWith or reset). */
  relay(): void;
  close(): Promise<void>;
}

/** A PostgreSQL ErrorResponse message ('E'): severity FATAL, the code and the message. */
function errorResponse(sqlstate: string, message: string): Buffer {
  const fields = Buffer.concat([
    ...[
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', sqlstate],
      ['M', message],
    ].map(([type, value]) => Buffer.from(`${type}${value}\0`, 'utf8')),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'ascii');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

type Mode = { kind: 'relay' } | { kind: 'refuse'; answer: Buffer } | { kind: 'reset' };

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let mode: Mode = { kind: 'relay' };
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const listen = async () => {
    const next = createServer((client) => {
      track(client);
      if (mode.kind !== 'relay') {
        const current = mode;
        client.on('error', () => client.destroy());
        // The client speaks first (its startup message); the answer comes after it, as PostgreSQL's.
        client.once('data', () => {
          if (current.kind === 'refuse') client.end(current.answer);
          else client.resetAndDestroy();
        });
        return;
      }
      const upstream = connect(targetPort, targetHost);
      track(upstream);
      for (const socket of [client, upstream]) {
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as { port: number }).port;
    server = next;
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const cut = async () => {
    const running = server;
    server = undefined;
    dropAll();
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await listen();
  return {
    port,
    cut,
    restore: listen,
    refuseWith: (sqlstate, message) => {
      mode = { kind: 'refuse', answer: errorResponse(sqlstate, message) };
      dropAll();
    },
    reset: () => {
      mode = { kind: 'reset' };
      dropAll();
    },
    relay: () => {
      mode = { kind: 'relay' };
    },
    close: cut,
  };
}
