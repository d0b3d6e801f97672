import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a server (PostgreSQL), which a test can cut (every connection
 * dropped, new ones refused) and restore on the same port: the database "goes away" for real.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    const next = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
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
  const cut = async () => {
    const running = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
