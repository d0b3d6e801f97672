/** A failed API call. `status` 0 means the request never got an answer (network failure). */
export class ApiError extends Error {
  readonly status: number;
  /** The `error` text of the answer, when the server sent one. */
  readonly serverMessage: string | undefined;
  /** Per-field validation messages (`fields` of the answer). */
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, serverMessage?: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fields = fields;
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

/** Field messages of a validation answer, empty for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
