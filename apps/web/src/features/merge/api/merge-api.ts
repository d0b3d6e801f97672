import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export type Side = 'survivor' | 'other';

export interface MergeField {
  field: string;
  label: string;
  survivorValue: string | null;
  otherValue: string | null;
  chosen: Side;
}

export type MergeKind = 'contacts' | 'agencies';

/** The survivor as either kind answers it (contacts have a surname, a type and a phone). */
export interface MergedRecord {
  id: number;
  type?: 'LEAD' | 'CUSTOMER';
  name: string;
  surname?: string;
  email: string | null;
  phone?: string;
  officeNumber?: string;
  agency?: { id: number; name: string } | null;
}

export interface MergeResult {
  dryRun: boolean;
  mergeId: number | null;
  survivor: MergedRecord;
  merged: { id: number; name: string; surname?: string };
  fields: MergeField[];
  /** Counts of what moves, by kind of row; `partnerCustomer` for a contact's partner link. */
  moved: Record<string, number | boolean>;
}

interface MergeRequest {
  kind: MergeKind;
  survivorId: number;
  otherId: number;
  choices: Record<string, Side>;
}

const postMerge = ({ kind, ...request }: MergeRequest, dryRun: boolean, signal?: AbortSignal) =>
  apiJson<MergeResult>(`/${kind}/merge`, { method: 'POST', body: { ...request, dryRun }, signal });

/** The preview: the same merge as a dry run, rerun whenever a choice changes. */
export function useMergePreview(request: MergeRequest) {
  return useQuery({
    queryKey: ['merge', 'preview', request],
    queryFn: ({ signal }) => postMerge(request, true, signal),
    placeholderData: (previous) => previous,
    retry: false,
    gcTime: 0,
  });
}

export function useMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MergeRequest) => postMerge(request, false),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
