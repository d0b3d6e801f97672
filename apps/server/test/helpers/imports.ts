import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { call } from './contacts.js';
import { multipartBody } from './multipart.js';
import type { SignedIn, TestApp } from './test-app.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export interface ImportJson {
  id: number;
  state: string;
  error: string | null;
  columns: string[];
  samples: string[][];
  mapping: (string | null)[];
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
    phase: string;
    state: string;
    done: number;
    total: number;
    errors: number;
    secondsLeft: number | null;
  } | null;
  undo: { deactivated: number; restored: number; kept: number } | null;
  [key: string]: unknown;
}

export interface RowJson {
  row: number;
  action: string;
  recordId: number | null;
  label: string;
  errors: { field: string | null; message: string }[];
  duplicates: Record<string, unknown>[];
  changes: Record<string, unknown> | null;
  warnings: { field: string | null; message: string }[];
  readings: Record<string, string>;
}

export function uploadFile(
  t: TestApp,
  who: SignedIn,
  filename: string,
  content: Buffer | string,
  fields: Record<string, string> = { entity: 'contacts', type: 'LEAD' },
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, { filename, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
}

export async function upload(
  t: TestApp,
  who: SignedIn,
  filename: string,
  content: Buffer | string,
  fields?: Record<string, string>,
): Promise<ImportJson> {
  const res = await uploadFile(t, who, filename, content, fields);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<ImportJson>();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the import, as the progress screen does, until it reaches one of the states. */
export async function waitForImport(
  t: TestApp,
  who: SignedIn,
  id: number,
  states: string[],
  timeoutMs = 15_000,
): Promise<ImportJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(t, 'GET', `/api/imports/${id}`, who);
    const view = res.json<ImportJson>();
    if (states.includes(view.state)) return view;
    if (view.state === 'failed' || Date.now() > deadline) {
      throw new Error(
        `import ${id} is ${view.state} (${view.error ?? 'no error'}), waiting for ${states.join('/')}`,
      );
    }
    await sleep(25);
  }
}

export interface Settings {
  mapping: (string | null)[];
  mode?: 'create' | 'upsert' | 'update';
  key?: 'email' | 'phone' | 'both';
  skipErrors?: boolean;
  country?: string;
}

export async function preview(
  t: TestApp,
  who: SignedIn,
  id: number,
  settings: Settings,
): Promise<ImportJson> {
  const res = await call(t, 'POST', `/api/imports/${id}/preview`, who, settings);
  if (res.statusCode !== 202) throw new Error(`preview failed: ${res.statusCode} ${res.body}`);
  return waitForImport(t, who, id, ['previewed'], 120_000);
}

export async function run(t: TestApp, who: SignedIn, id: number, settings: Settings): Promise<ImportJson> {
  const res = await call(t, 'POST', `/api/imports/${id}/run`, who, settings);
  if (res.statusCode !== 202) throw new Error(`run failed: ${res.statusCode} ${res.body}`);
  return waitForImport(t, who, id, ['done'], 120_000);
}

export async function rows(
  t: TestApp,
  who: SignedIn,
  id: number,
  phase = 'preview',
  action?: string,
): Promise<RowJson[]> {
  const query = new URLSearchParams({ phase, limit: '500', ...(action ? { action } : {}) });
  const res = await call(t, 'GET', `/api/imports/${id}/rows?${query}`, who);
  return res.json<RowJson[]>();
}
