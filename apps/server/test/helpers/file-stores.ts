import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../src/config.js';
import { startTestS3, type TestS3 } from './s3-server.js';

/** The two file stores every file test runs against. */
export const STORES = ['local', 's3'] as const;
export type StoreKind = (typeof STORES)[number];

export interface StoreUnderTest {
  /** Settings for createTestApp. */
  env: Record<string, string>;
  s3: TestS3 | undefined;
  close(): Promise<void>;
}

export async function prepareStore(kind: StoreKind): Promise<StoreUnderTest> {
  if (kind === 'local') return { env: {}, s3: undefined, close: async () => {} };
  const s3 = await startTestS3();
  return { env: s3.env, s3, close: () => s3.close() };
}

/**
 * Everything the store holds, temporaries included (as `tmp/…`), sorted: what a test compares
 * before and after a failed upload to show nothing was left behind.
 */
export async function storeContents(config: Config): Promise<string[]> {
  const s3 = config.s3;
  if (config.fileStorage === 'local' || !s3) {
    const root = path.resolve(config.dataDir, 'uploads');
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  }
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: s3.accessKeyId ?? '',
      secretAccessKey: s3.secretAccessKey ?? '',
    },
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}
