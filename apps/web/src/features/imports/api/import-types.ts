export type ImportState =
  | 'uploaded'
  | 'previewing'
  | 'previewed'
  | 'running'
  | 'done'
  | 'failed'
  | 'undoing'
  | 'undone';
export type ImportMode = 'create' | 'upsert' | 'update';
export type MatchKey = 'email' | 'phone' | 'both';

export interface ImportSettings {
  mapping: (string | null)[];
  mode: ImportMode;
  key: MatchKey;
  skipErrors: boolean;
  /** Whose numbers a phone without a calling code is (ISO 3166 code, "TR"). */
  country: string;
}

export interface ImportView {
  id: number;
  entity: 'contacts' | 'agencies';
  type: 'LEAD' | 'CUSTOMER' | null;
  filename: string;
  format: string;
  size: number;
  state: ImportState;
  error: string | null;
  user: { id: number; name: string };
  columns: string[];
  samples: string[][];
  fields: { key: string; label: string }[];
  mapping: (string | null)[];
  options: { mode: ImportMode; key: MatchKey; skipErrors: boolean } | null;
  /** Whose numbers a phone without a calling code is; null for imports made before there was one. */
  country: string | null;
  totalRows: number;
  counts: { created: number; updated: number; skipped: number; errors: number };
  preview: {
    create: number;
    update: number;
    skip: number;
    error: number;
    duplicates: { inFile: number; inDatabase: number };
  } | null;
  progress: {
    phase: 'preview' | 'run' | 'undo';
    state: string;
    done: number;
    total: number;
    errors: number;
    secondsLeft: number | null;
  } | null;
  undo: { deactivated: number; restored: number; kept: number } | null;
  createdAt: string;
  finishedAt: string | null;
  undoneAt: string | null;
}

export interface ImportRow {
  row: number;
  action: string;
  recordId: number | null;
  label: string;
  errors: { field: string | null; message: string }[];
  /** `message` names the duplicate; `reason`: the row's skip reason already says it (rows before them have neither). */
  duplicates: ((
    | { in: 'file'; row: number; on: string[] }
    | { in: 'database'; id: number; name: string; on: string[] }
  ) & { message?: string; reason?: true })[];
  changes: Record<string, unknown> | null;
  /** What holds the row back without being an error: an ambiguous phone number (the row is skipped). */
  warnings: { field: string | null; message: string }[];
  /** How its phone cells were read, by field: { phone: "+90 538 495 00 02" }. */
  readings: Record<string, string>;
}

/** States in which a job is working and the screen keeps reading its progress. */
export const WORKING_STATES: ImportState[] = ['previewing', 'running', 'undoing'];
