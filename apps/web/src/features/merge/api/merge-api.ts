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

export interface MergedContact {
  id: number;
  type: 'LEAD' | 'CUSTOMER';
  name: string;
  surname: string;
  email: string | null;
  phone: string;
  agency: { id: number; name: string } | null;
}

export interface ContactMergeResult {
  dryRun: boolean;
  mergeId: number | null;
  survivor: MergedContact;
  merged: { id: number; name: string; surname: string };
  fields: MergeField[];
  moved: {
    notes: number;
    files: number;
    history: number;
    staffPositions: number;
    staffDeactivated: number;
    partnerCustomer: boolean;
  };
}

interface MergeRequest {
  survivorId: number;
  otherId: number;
  choices: Record<string, Side>;
}

const postMerge = (request: MergeRequest, dryRun: boolean, signal?: AbortSignal) =>
  apiJson<ContactMergeResult>('/contacts/merge', { method: 'POST', body: { ...request, dryRun }, signal });

/** The preview: the same merge as a dry run, rerun whenever a choice changes. */
export function useMergePreview(request: MergeRequest) {
  return useQuery({
    queryKey: ['merge', 'contacts', 'preview', request],
    queryFn: ({ signal }) => postMerge(request, true, signal),
    placeholderData: (previous) => previous,
    retry: false,
    gcTime: 0,
  });
}

export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MergeRequest) => postMerge(request, false),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contacts'] }),
  });
}
