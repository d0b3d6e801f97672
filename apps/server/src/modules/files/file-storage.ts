import { randomBytes } from 'node:crypto';
import path from 'node:path';

const SAFE_EXTENSION = /^\.[a-z0-9]{1,10}$/;

/** A random stored name that keeps a harmless extension, so that nothing a user typed reaches the disk. */
export function storedName(originalName: string): string {
  const ext = path.extname(originalName).toLowerCase();
  return `${randomBytes(16).toString('hex')}${SAFE_EXTENSION.test(ext) ? ext : ''}`;
}

/**
 * Only inert types are shown in the browser; everything else (HTML, SVG, scripts, unknown) is sent
 * as a download of application/octet-stream, so an upload can never run in the app's origin.
 */
const INLINE_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/plain; charset=utf-8',
};

export function servedType(filename: string): { contentType: string; inline: boolean } {
  const type = INLINE_TYPES[path.extname(filename).toLowerCase()];
  return type
    ? { contentType: type, inline: true }
    : { contentType: 'application/octet-stream', inline: false };
}
