import { apiFetch } from '../../lib/api-client';
import type { ExportList } from './export-columns';

/**
 * Asks the server for the export and saves the answer as a file. The server streams it; the browser
 * gathers it and offers it under the name the server gave.
 */
export async function downloadExport(list: ExportList, params: URLSearchParams): Promise<{ rows: number }> {
  const response = await apiFetch(`/exports/${list}`, { params });
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${list}.${params.get('format') ?? 'csv'}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { rows: Number(response.headers.get('x-total-count') ?? 0) };
}
