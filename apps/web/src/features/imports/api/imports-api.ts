import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveDownload } from '../../../components/import-export/download-export';
import { apiFetch, apiJson } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-error';
import { apiUpload } from '../../../lib/api-upload';
import { type AppConfig, useAppConfig } from '../../../lib/app-config';
import { toast } from '../../../lib/toast';
import { type ImportRow, type ImportSettings, type ImportView, WORKING_STATES } from './import-types';

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  detail: (id: number) => ['imports', 'detail', id] as const,
  rows: (id: number, phase: string, action: string, page: number) =>
    ['imports', 'rows', id, phase, action, page] as const,
};

export function uploadImport(
  file: File,
  entity: string,
  type: string | null,
  country: string | null,
): Promise<ImportView> {
  const form = new FormData();
  form.set('entity', entity);
  if (type) form.set('type', type);
  if (country) form.set('country', country);
  form.set('file', file);
  return apiUpload<ImportView>('/imports', form);
}

/** The import, read again every second while a job works on it (the progress lives in the server). */
export function useImport(id: number) {
  return useQuery({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => apiJson<ImportView>(`/imports/${id}`, { signal }),
    refetchInterval: (query) =>
      query.state.data && WORKING_STATES.includes(query.state.data.state) ? 1000 : false,
  });
}

export const ROWS_PER_PAGE = 50;

export function useImportRows(id: number, phase: string, action: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.rows(id, phase, action, page),
    queryFn: ({ signal }) =>
      apiJson<ImportRow[]>(`/imports/${id}/rows`, {
        signal,
        params: new URLSearchParams({
          phase,
          limit: String(ROWS_PER_PAGE),
          offset: String(page * ROWS_PER_PAGE),
          ...(action ? { action } : {}),
        }),
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useImportHistory(page: number) {
  return useQuery({
    queryKey: importKeys.list(page),
    queryFn: async ({ signal }) => {
      const response = await apiFetch('/imports', {
        signal,
        params: new URLSearchParams({ limit: '20', offset: String(page * 20) }),
      });
      return {
        rows: (await response.json()) as ImportView[],
        total: Number(response.headers.get('x-total-count') ?? 0),
      };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => WORKING_STATES.includes(row.state)) ? 2000 : false,
  });
}

/** Starts a step (preview, run, undo); the import's screen then follows its progress. */
export function useImportStep(id: number, step: 'preview' | 'run' | 'undo', failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings?: ImportSettings) =>
      apiJson<ImportView>(`/imports/${id}/${step}`, { method: 'POST', body: settings ?? {} }),
    onSuccess: async (view) => {
      queryClient.setQueryData(importKeys.detail(id), view);
      await queryClient.invalidateQueries({ queryKey: importKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, failure)),
  });
}

/** The deployment's default phone country (GET /api/config): an import's, unless the person changes it. */
export function useDefaultCountry() {
  return useAppConfig(defaultCountry);
}

const defaultCountry = (config: AppConfig) => config.defaultCountry;

/** Saves the rows the import left out as a CSV of the file's columns plus why, to fix and import again. */
export async function downloadFailedRows(id: number): Promise<void> {
  const response = await apiFetch(`/imports/${id}/failed-rows`);
  await saveDownload(response, `import-${id}-not-imported.csv`);
}
