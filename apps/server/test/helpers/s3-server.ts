import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a folder, in this process) on a free
 * port of 127.0.0.1, with one empty bucket. The store speaks to it through the official SDK exactly
 * as it speaks to AWS S3 or MinIO.
 */
export interface TestS3 {
  /** The settings a server needs to use it. */
  env: Record<string, string>;
  port: number;
  /** Stops answering (connections refused) until `start` again, with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'crm-files';

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'crm-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running?.httpServer) return;
    // The SDK keeps connections alive; end them, or close() would wait for them.
    const closed = running.close();
    running.httpServer.closeAllConnections();
    await closed;
  };
  await start();
  return {
    port,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
