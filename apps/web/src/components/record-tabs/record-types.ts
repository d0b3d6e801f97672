/** A note as the API answers it (apps/server/src/modules/notes/notes.schemas.ts). */
export interface RecordNote {
  id: number;
  /** Sanitised rich text (HTML). */
  content: string;
  isActive: boolean;
  createdAt: string;
  user: { id: number; name: string };
}

/** A file as the API answers it (apps/server/src/modules/files/files.schemas.ts). */
export interface RecordFile {
  id: number;
  name: string;
  filename: string;
  /** A signed link, valid for a while, to open in a new tab. */
  url: string;
  mimeType: string;
  size: number;
  /** YYYY-MM-DD. */
  validUntil: string;
  isActive: boolean;
  createdAt: string;
  uploadedBy: { name: string };
  deletedBy: { name: string } | null;
}

/** One history entry (apps/server/src/modules/history/history.schemas.ts). */
export interface HistoryEntry {
  id: number;
  /** 'created', 'conversion', 'edited', 'staff' or 'note'. */
  kind: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  timestamp: string;
  user: { name: string } | null;
  /** The staff member an agency entry is about. */
  contact: { name: string } | null;
  /** The task an entry of kind 'task' is about. */
  task?: { id: number; title: string };
}

export type FileAction = 'activate' | 'deactivate';

/** The record whose notes, files and history the tabs show. */
export interface RecordParent {
  /** Path of the record under /api, e.g. `/contacts/7`, `/agencies/3` or `/deals/12`. */
  basePath: string;
  /** Path of the call that (re)activates or deletes a file, e.g. `/contacts/activate/files/12`. */
  fileTogglePath: (fileId: number, action: FileAction) => string;
}

/** The parent for a contact (`contacts`), a partner agency (`agencies`) or a deal (`deals`). */
export function recordParent(segment: 'contacts' | 'agencies' | 'deals', id: number): RecordParent {
  return {
    basePath: `/${segment}/${id}`,
    fileTogglePath: (fileId, action) => `/${segment}/${action}/files/${fileId}`,
  };
}
