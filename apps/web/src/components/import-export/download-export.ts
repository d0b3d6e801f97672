import { apiFetch } from '../../lib/api-client';
import type { ExportList } from './export-columns';

/**
 * Saves a download the server answered (a file it streams, gathered by the browser) under the name
 * the server gave, or `fallback`.
 */
export async function saveDownload(response: Response, fallback: string): Promise<void> {
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const filename = encoded
    ? decodeURIComponent(encoded)
    : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Asks the server for the export and saves it as a file. */
export async function downloadExport(list: ExportList, params: URLSearchParams): Promise<{ rows: number }> {
  const response = await apiFetch(`/exports/${list}`, { params });
  await saveDownload(response, `${list}.${params.get('format') ?? 'csv'}`);
  return { rows: Number(response.headers.get('x-total-count') ?? 0) };
}
