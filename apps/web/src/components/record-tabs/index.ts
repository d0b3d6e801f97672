export { ActivitiesTab, type ActivitiesTabProps } from './activities-tab';
export { FilesTab, type FilesTabProps } from './files-tab';
export {
  describeHistoryEntry,
  describeTaskChange,
  type HistoryTextOptions,
  historyActor,
  humanizeField,
} from './history-text';
export { NotesTab, type NotesTabProps } from './notes-tab';
export { recordTabKeys } from './record-keys';
export {
  DEFAULT_FILES_MESSAGES,
  DEFAULT_NOTES_MESSAGES,
  type FailureText,
  type FilesMessages,
  MAX_UPLOAD_BYTES,
  type NotesMessages,
  orFallback,
} from './record-messages';
export { type RecordTab, RecordTabsCard } from './record-tabs-card';
export {
  type FileAction,
  type HistoryEntry,
  type RecordFile,
  type RecordNote,
  type RecordParent,
  recordParent,
} from './record-types';
export { RichTextField } from './rich-text-field';
export { richTextToPlain, sanitizeRichText } from './rich-text-html';
export { RichTextView } from './rich-text-view';
export { TasksTab, type TasksTabProps } from './tasks-tab';
