import { ApiError } from '../../lib/api-error';

/** A failure toast: given the server's error text when it sent one, it returns what to show. */
export type FailureText = (serverError: string | undefined) => string;

/** The server's error text when there is one, else the screen's fallback (001 §8). */
export const orFallback =
  (fallback: string): FailureText =>
  (serverError) =>
    serverError ?? fallback;

/** The toast text of a failure, with the server's error text when the answer carried one. */
export function failureMessage(text: FailureText, error: unknown): string {
  return text(error instanceof ApiError ? error.serverMessage : undefined);
}

export interface NotesMessages {
  empty: string;
  added: string;
  addFailed: FailureText;
  deleted: string;
  deleteFailed: FailureText;
  reactivated: string;
  reactivateFailed: FailureText;
  loadFailed: string;
}

/** 001 §8; a partner screen overrides `addFailed` with 002 §8's 'Failed: {error}'. */
export const DEFAULT_NOTES_MESSAGES: NotesMessages = {
  empty: 'No notes available.',
  added: 'Note added',
  addFailed: orFallback('Failed to add note'),
  deleted: 'Note deleted',
  deleteFailed: orFallback('Failed to delete note'),
  reactivated: 'Note reactivated',
  reactivateFailed: orFallback('Failed to reactivate note'),
  loadFailed: 'Error loading notes',
};

export interface FilesMessages {
  empty: string;
  tooLarge: string;
  uploaded: string;
  uploadFailed: FailureText;
  deleted: string;
  deleteFailed: FailureText;
  reactivated: string;
  reactivateFailed: FailureText;
  loadFailed: string;
  /** Status text of a deleted file, shown to admins. */
  deletedStatus: string;
}

export const DEFAULT_FILES_MESSAGES: FilesMessages = {
  empty: 'No files uploaded for this contact.',
  tooLarge: 'File size exceeds 5MB limit',
  uploaded: 'File uploaded successfully',
  uploadFailed: orFallback('File upload failed'),
  deleted: 'File deleted',
  deleteFailed: orFallback('Failed to delete file'),
  reactivated: 'File reactivated',
  reactivateFailed: orFallback('Failed to reactivate file'),
  loadFailed: 'Failed to load files',
  deletedStatus: 'User deleted file',
};

export const HISTORY_LOAD_FAILED = 'Failed to fetch history';

/** 001 §5 and 002 §9: uploads are at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
