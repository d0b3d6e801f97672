import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { type FileStore, TEMPORARY_PREFIX, writeWhole } from './file-store.js';

/**
 * The smallest part S3 accepts. lib-storage holds one part in memory while it sends it; with one
 * part in flight an upload costs at most this much memory, whatever the file's size.
 */
const PART_SIZE = 5 * 1024 * 1024;
/** The readiness probe must answer even when the store does not. */
const CHECK_TIMEOUT_MS = 3000;

const notFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * The SDK takes a second to load; an instance that stores files locally never loads it, and one
 * that uses S3 loads it once, at its first use of the store.
 */
let sdkModules:
  | Promise<[typeof import('@aws-sdk/client-s3'), typeof import('@aws-sdk/lib-storage')]>
  | undefined;
const loadSdk = () => {
  sdkModules ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return sdkModules;
};

/** Any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage) through the official client. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  private readonly prefix: string;
  private connection: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
  }

  private connect() {
    this.connection ??= loadSdk().then(([sdk]) => ({ sdk, client: this.createClient(sdk) }));
    return this.connection;
  }

  private createClient(sdk: typeof import('@aws-sdk/client-s3')): S3Client {
    const settings = this.settings;
    return new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
      // streaming-checksum uploads the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5000, requestTimeout: 60_000 },
    });
  }

  private key(name: string) {
    return `${this.prefix}${name}`;
  }

  private temporaryKey(name: string) {
    return `${this.prefix}${TEMPORARY_PREFIX}${name}`;
  }

  async putTemporary(name: string, body: Readable): Promise<number> {
    let size = 0;
    const counted = new PassThrough({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const [{ client }, [, storage]] = await Promise.all([this.connect(), loadSdk()]);
    const upload = new storage.Upload({
      client,
      params: { Bucket: this.bucket, Key: this.temporaryKey(name), Body: counted },
      queueSize: 1,
      partSize: PART_SIZE,
      // A failed multipart upload is aborted, so no part of it stays billed or visible.
      leavePartsOnError: false,
    });
    try {
      await Promise.all([pipeline(body, counted), upload.done()]);
    } catch (error) {
      // Whichever side failed, stop the other: no half-read request body, no half-sent upload.
      counted.destroy();
      await upload.abort().catch(() => undefined);
      await this.discard(name);
      throw error;
    }
    return size;
  }

  async commit(name: string): Promise<void> {
    const { client, sdk } = await this.connect();
    const source = `${this.bucket}/${this.temporaryKey(name)}`;
    await client.send(
      new sdk.CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        CopySource: source.split('/').map(encodeURIComponent).join('/'),
      }),
    );
    await this.discard(name);
  }

  async discard(name: string): Promise<void> {
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.temporaryKey(name) }));
  }

  put(name: string, body: Readable): Promise<number> {
    return writeWhole(this, name, body);
  }

  async get(name: string): Promise<{ body: Readable; size: number } | undefined> {
    const { client, sdk } = await this.connect();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }),
      );
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  private async *objects(prefix: string) {
    const { client, sdk } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) yield object;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *list(): AsyncIterable<string> {
    for await (const object of this.objects(this.prefix)) {
      const name = object.Key?.slice(this.prefix.length) ?? '';
      if (name && !name.includes('/')) yield name;
    }
  }

  async sweepTemporaries(before: Date): Promise<number> {
    const { client, sdk } = await this.connect();
    let removed = 0;
    for await (const object of this.objects(`${this.prefix}${TEMPORARY_PREFIX}`)) {
      if (object.Key && object.LastModified && object.LastModified < before) {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
        removed += 1;
      }
    }
    return removed;
  }

  async check(): Promise<void> {
    const { client, sdk } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  async close(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy();
  }
}
