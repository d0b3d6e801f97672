import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  /** The form field name; `file` unless told. */
  field?: string;
  filename: string;
  contentType?: string;
  content: Buffer | string;
}

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/**
 * A multipart/form-data body, built by hand (no dependency): the text fields first, then the file
 * when one is given.
 */
export function multipartBody(fields: Record<string, string>, file?: MultipartFile): MultipartBody {
  const boundary = `----crm-test-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content) : file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
