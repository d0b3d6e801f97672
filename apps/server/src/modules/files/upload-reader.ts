import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, payloadTooLarge } from '../../lib/http-errors.js';
import type { FileStore } from '../storage/index.js';
import { storedName } from './file-storage.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File size exceeds 5MB limit';
export const MALFORMED_FORM = 'The upload is not a valid multipart form';

/**
 * The form parser's own complaints (no boundary, a body cut short) are the client's doing; errors
 * of the disk (ENOSPC, EACCES…) and our own HTTP errors are not.
 */
function isMalformedForm(error: unknown): boolean {
  if (error instanceof HttpError || !(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'string' || !/^E[A-Z]+$/.test(code);
}

export interface ReceivedUpload {
  file?: { storedName: string; originalName: string; mimeType: string; size: number };
  fields: Record<string, string>;
}

/**
 * Streams the one file of a multipart request to a temporary in the store under a random name and
 * collects the text fields, in whatever order they come. Past the limit (5 MB unless told) the partial
 * file is removed and 413 answered. The caller commits the temporary with its database row, or discards it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  limit: { bytes: number; message: string } = { bytes: MAX_UPLOAD_BYTES, message: FILE_TOO_LARGE },
): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { fields: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: limit.bytes, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (received.file) {
          part.file.resume();
          continue;
        }
        const name = storedName(part.filename);
        received.file = { storedName: name, originalName: part.filename, mimeType: part.mimetype, size: 0 };
        received.file.size = await store.putTemporary(name, part.file);
        if (part.file.truncated) throw payloadTooLarge(limit.message);
      } else if (typeof part.value === 'string') {
        received.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (received.file) await store.discard(received.file.storedName);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(limit.message);
    if (isMalformedForm(error)) throw badRequest(MALFORMED_FORM);
    throw error;
  }
  return received;
}
