/** An error whose status and message are safe to send to the client as `{ error, fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, message, fields);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, headers?: Record<string, string>) =>
  new HttpError(429, message, undefined, headers);

/** A validation failure on one field: the message is both the error and that field's message. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });
