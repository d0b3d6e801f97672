import { apiFetch, apiJson } from '../../lib/api-client';
import { listQueryOf } from '../import-export/export-columns';

/** The lists whose records change in bulk (POST /api/bulk/{list}). */
export type BulkList = 'leads' | 'customers' | 'partners' | 'products' | 'deals';
export type BulkAction = 'activate' | 'deactivate' | 'reassign' | 'move';

/** What an action names besides its records: the assignee, or a deals move's stage (and Lost's reason). */
export interface BulkExtra {
  assignedToId?: number;
  stageId?: number;
  lostReasonId?: number | null;
}

export interface BulkDone {
  count: number;
  message: string;
  /** The records that changed: an Undo puts back exactly these. */
  ids: number[];
}

export interface BulkJob {
  jobId: number;
  total: number;
}

export interface BulkJobState {
  id: number;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  count: number | null;
  message: string | null;
  error: string | null;
}

/** Which records: every one the list shows for its URL parameters, chosen ids, or a bulk job's changes. */
export type BulkTarget = { listParams: URLSearchParams } | { ids: number[] } | { undoOf: number };

function targetBody(target: BulkTarget): Record<string, unknown> {
  if ('ids' in target) return { ids: target.ids };
  if ('undoOf' in target) return { undoOf: target.undoOf };
  // The list's own parameters as its page sends them (q, sort, order, filter.<column>).
  return { params: Object.fromEntries(listQueryOf(target.listParams)) };
}

/** Up to 100 records change at once (200); more become a job whose progress is read (202). */
export async function postBulk(
  list: BulkList,
  action: BulkAction,
  target: BulkTarget,
  extra: BulkExtra = {},
): Promise<{ done: BulkDone } | { job: BulkJob }> {
  const response = await apiFetch(`/bulk/${list}`, {
    method: 'POST',
    body: { action, ...targetBody(target), ...extra },
  });
  const body = (await response.json()) as BulkDone | BulkJob;
  return response.status === 202 ? { job: body as BulkJob } : { done: body as BulkDone };
}

export function fetchBulkJob(id: number): Promise<BulkJobState> {
  return apiJson<BulkJobState>(`/bulk/jobs/${id}`);
}

/** The exact number of records the list shows for its parameters (its own total stops at 1,000). */
export async function countMatching(list: BulkList, listParams: URLSearchParams, signal?: AbortSignal) {
  const { count } = await apiJson<{ count: number }>(`/bulk/${list}/count`, {
    params: listQueryOf(listParams),
    signal,
  });
  return count;
}
