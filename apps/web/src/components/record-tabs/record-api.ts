import { apiJson } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import type { FileAction, HistoryEntry, RecordFile, RecordNote, RecordParent } from './record-types';

export function fetchNotes(parent: RecordParent, signal?: AbortSignal): Promise<RecordNote[]> {
  return apiJson<RecordNote[]>(`${parent.basePath}/notes`, { signal });
}

export function addNote(parent: RecordParent, content: string): Promise<RecordNote> {
  return apiJson<RecordNote>(`${parent.basePath}/add-note`, { method: 'POST', body: { content } });
}

export type NoteAction = 'delete' | 'reactivate';

export function setNoteState(parent: RecordParent, noteId: number, action: NoteAction): Promise<RecordNote> {
  return apiJson<RecordNote>(`${parent.basePath}/${action}-notes/${noteId}`, { method: 'PATCH' });
}

export function fetchHistory(parent: RecordParent, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiJson<HistoryEntry[]>(`${parent.basePath}/history`, { signal });
}

export function fetchFiles(parent: RecordParent, signal?: AbortSignal): Promise<RecordFile[]> {
  return apiJson<RecordFile[]>(`${parent.basePath}/files`, { signal });
}

export interface FileUpload {
  file: File;
  /** YYYY-MM-DD. */
  validUntil: string;
  customFileName: string;
}

/** POST {base}/upload-file as multipart: file, validUntil and, when given, customFileName. */
export function uploadFile(parent: RecordParent, upload: FileUpload): Promise<RecordFile> {
  const form = new FormData();
  form.append('validUntil', upload.validUntil);
  const customName = upload.customFileName.trim();
  if (customName) form.append('customFileName', customName);
  form.append('file', upload.file, upload.file.name);
  return apiUpload<RecordFile>(`${parent.basePath}/upload-file`, form);
}

export function setFileState(parent: RecordParent, fileId: number, action: FileAction): Promise<RecordFile> {
  return apiJson<RecordFile>(parent.fileTogglePath(fileId, action), { method: 'PATCH' });
}
