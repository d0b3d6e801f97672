import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  type ScryptOptions,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * An encrypted backup, in a format of its own built on node:crypto alone:
 *
 *   header (64 bytes): magic "CRMCRYPT", version 1, log2(N), r, p (one byte each), the chunk size
 *     (uint32), a random 16-byte salt, and HMAC-SHA256 of those 32 bytes under the MAC key;
 *   then chunks: a flags byte (1 = the last chunk), the plaintext length (uint32), a random 12-byte
 *     nonce, the AES-256-GCM ciphertext and its 16-byte tag.
 *
 * scrypt(passphrase, salt, N, r, p) gives 64 bytes: the encryption key and the MAC key. The header's
 * MAC tells a wrong passphrase apart from a damaged file before anything is decrypted. Each chunk's
 * tag covers the header, the chunk's index, its flags and length, so chunks cannot be altered,
 * reordered, dropped or moved to another file, and a file cut anywhere lacks its last chunk.
 * Chunks are decrypted one at a time and handed on only once their tag holds.
 */
const MAGIC = Buffer.from('CRMCRYPT', 'ascii');
const VERSION = 1;
const HEADER_BYTES = 64;
const MAC_OFFSET = 32;
const FRAME_HEAD_BYTES = 1 + 4 + 12;
const TAG_BYTES = 16;
const FINAL = 1;

/** OWASP's scrypt parameters: 128 MiB and about half a second per derivation. */
const DEFAULT_PARAMETERS = { log2N: 17, r: 8, p: 1 };
const CHUNK_BYTES = 64 * 1024;
/** A header may ask for no more than this much memory (256 MiB) or this large a chunk. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
export const MIN_PASSPHRASE_LENGTH = 12;

export const messages = {
  wrongPassphrase: 'The passphrase does not open this backup',
  damaged: 'The backup file is damaged or was altered',
  truncated: 'The backup file is cut short: it ends before its last part',
  notEncrypted: 'This file is not an encrypted backup of this CRM',
};

/** Whether the file begins like an encrypted backup. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** The passphrase in a file: its bytes, less one line ending at the end (as `echo` writes it). */
export async function readPassphraseFile(file: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw new Error(`There is no passphrase file at ${file}`);
    throw error;
  }
  let end = bytes.length;
  if (bytes[end - 1] === 0x0a) {
    end -= 1;
    if (bytes[end - 1] === 0x0d) end -= 1;
  }
  if (end === 0) throw new Error(`The passphrase file ${file} is empty`);
  return bytes.subarray(0, end);
}

function deriveKeys(
  passphrase: Buffer,
  salt: Buffer,
  { log2N, r, p }: { log2N: number; r: number; p: number },
): Promise<{ key: Buffer; macKey: Buffer }> {
  const N = 2 ** log2N;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(passphrase, salt, 64, options, (error, derived) => {
      if (error) reject(error);
      else resolve({ key: derived.subarray(0, 32), macKey: derived.subarray(32) });
    });
  });
}

function headerMac(macKey: Buffer, header: Buffer): Buffer {
  return createHmac('sha256', macKey).update(header.subarray(0, MAC_OFFSET)).digest();
}

/** What each chunk's tag covers besides its ciphertext. */
function chunkAad(header: Buffer, index: bigint, flags: number, length: number): Buffer {
  const aad = Buffer.alloc(HEADER_BYTES + 8 + 1 + 4);
  header.copy(aad, 0);
  aad.writeBigUInt64BE(index, HEADER_BYTES);
  aad.writeUInt8(flags, HEADER_BYTES + 8);
  aad.writeUInt32BE(length, HEADER_BYTES + 9);
  return aad;
}

/** A stream that encrypts what goes through it; the key is derived before the first byte. */
export async function createEncryptor(passphrase: Buffer): Promise<Transform> {
  const salt = randomBytes(16);
  const { key, macKey } = await deriveKeys(passphrase, salt, DEFAULT_PARAMETERS);
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt8(VERSION, 8);
  header.writeUInt8(DEFAULT_PARAMETERS.log2N, 9);
  header.writeUInt8(DEFAULT_PARAMETERS.r, 10);
  header.writeUInt8(DEFAULT_PARAMETERS.p, 11);
  header.writeUInt32BE(CHUNK_BYTES, 12);
  salt.copy(header, 16);
  headerMac(macKey, header).copy(header, MAC_OFFSET);

  let index = 0n;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const frame = (plain: Buffer, flags: number): Buffer => {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(chunkAad(header, index, flags, plain.length));
    index += 1n;
    const head = Buffer.alloc(FRAME_HEAD_BYTES);
    head.writeUInt8(flags, 0);
    head.writeUInt32BE(plain.length, 1);
    nonce.copy(head, 5);
    return Buffer.concat([head, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  return new Transform({
    construct(callback) {
      this.push(header);
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      // Strictly more than a chunk: what is left at the end, even nothing, is the last chunk.
      if (pendingBytes > CHUNK_BYTES) {
        let whole = Buffer.concat(pending);
        while (whole.length > CHUNK_BYTES) {
          this.push(frame(whole.subarray(0, CHUNK_BYTES), 0));
          whole = whole.subarray(CHUNK_BYTES);
        }
        pending = [whole];
        pendingBytes = whole.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      this.push(frame(Buffer.concat(pending), FINAL));
      callback();
    },
  });
}

/**
 * A stream that decrypts an encrypted backup, failing with a sentence (wrong passphrase, damaged,
 * cut short) instead of handing on any byte that did not pass its check.
 */
export function createDecryptor(passphrase: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let header: Buffer | undefined;
  let keys: { key: Buffer; macKey: Buffer } | undefined;
  let chunkLimit = 0;
  let index = 0n;
  let ended = false;

  const readHeader = async (): Promise<void> => {
    const head = buffered.subarray(0, HEADER_BYTES);
    if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error(messages.notEncrypted);
    if (head.readUInt8(8) !== VERSION) {
      throw new Error(
        'This backup was encrypted by a newer version of the CRM: restore it with that version',
      );
    }
    const parameters = { log2N: head.readUInt8(9), r: head.readUInt8(10), p: head.readUInt8(11) };
    chunkLimit = head.readUInt32BE(12);
    if (
      parameters.log2N < 10 ||
      parameters.log2N > 24 ||
      parameters.r < 1 ||
      parameters.p < 1 ||
      parameters.p > 16 ||
      128 * 2 ** parameters.log2N * parameters.r > MAX_SCRYPT_MEMORY ||
      chunkLimit < 1 ||
      chunkLimit > MAX_CHUNK_BYTES
    ) {
      throw new Error(messages.damaged);
    }
    keys = await deriveKeys(passphrase, head.subarray(16, 32), parameters);
    const expected = headerMac(keys.macKey, head);
    if (!timingSafeEqual(expected, head.subarray(MAC_OFFSET, HEADER_BYTES))) {
      throw new Error(messages.wrongPassphrase);
    }
    header = Buffer.from(head);
    buffered = buffered.subarray(HEADER_BYTES);
  };

  /** Decrypts every whole chunk buffered; pushes each one's plaintext once its tag holds. */
  const readChunks = (push: (plain: Buffer) => void): void => {
    while (buffered.length >= FRAME_HEAD_BYTES && header && keys) {
      if (ended) throw new Error(messages.damaged);
      const flags = buffered.readUInt8(0);
      const length = buffered.readUInt32BE(1);
      if ((flags & ~FINAL) !== 0 || length > chunkLimit) throw new Error(messages.damaged);
      const frameBytes = FRAME_HEAD_BYTES + length + TAG_BYTES;
      if (buffered.length < frameBytes) return;
      const decipher = createDecipheriv('aes-256-gcm', keys.key, buffered.subarray(5, FRAME_HEAD_BYTES));
      decipher.setAAD(chunkAad(header, index, flags, length));
      decipher.setAuthTag(buffered.subarray(FRAME_HEAD_BYTES + length, frameBytes));
      let plain: Buffer;
      try {
        plain = Buffer.concat([
          decipher.update(buffered.subarray(FRAME_HEAD_BYTES, FRAME_HEAD_BYTES + length)),
          decipher.final(),
        ]);
      } catch {
        throw new Error(messages.damaged);
      }
      index += 1n;
      buffered = buffered.subarray(frameBytes);
      if (flags & FINAL) ended = true;
      push(plain);
    }
    if (ended && buffered.length > 0) throw new Error(messages.damaged);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const work = async () => {
        if (!header) {
          if (buffered.length < HEADER_BYTES) return;
          await readHeader();
        }
        readChunks((plain) => this.push(plain));
      };
      work().then(() => callback(), callback);
    },
    flush(callback: TransformCallback) {
      if (!header) {
        const start = buffered.subarray(0, MAGIC.length);
        return callback(new Error(start.equals(MAGIC) ? messages.truncated : messages.notEncrypted));
      }
      callback(ended && buffered.length === 0 ? null : new Error(messages.truncated));
    },
  });
}
