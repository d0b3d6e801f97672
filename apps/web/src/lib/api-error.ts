/** A failed API call. `status` 0 means the request never got an answer (network failure). */
export class ApiError extends Error {
  readonly status: number;
  /** The `error` text of the answer, when the server sent one. */
  readonly serverMessage: string | undefined;
  /** Per-field validation messages (`fields` of the answer). */
  readonly fields: Record<string, string>;
  /** On a 409 for an edit made against an older version: the record as it is now. */
  readonly current: unknown;

  constructor(
    status: number,
    message: string,
    serverMessage?: string,
    fields: Record<string, string> = {},
    current?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fields = fields;
    this.current = current;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The server's error text when there is one, else the screen's own fallback message. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

/** The record as it is now, when an edit was refused because someone changed it meanwhile. */
export function staleRecordOf<T>(error: unknown): { message: string; current: T } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.current || !error.serverMessage)
    return undefined;
  return { message: error.serverMessage, current: error.current as T };
}

/** Field messages of a validation answer, empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
