import { SEARCH_MIN_LENGTH, type SearchKind } from '@crm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiJson } from '../../lib/api-client';

export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  context: string;
  type: string | null;
  mergedFrom: number | null;
}

export interface SearchGroup {
  kind: SearchKind;
  items: SearchHit[];
}

/** Short enough to feel instant, long enough that fast typing sends one request, not five. */
const TYPING_PAUSE_MS = 120;

/** The palette's search: one request per pause in typing, from the second character on. */
export function usePaletteSearch(input: string) {
  const [q, setQ] = useState(input.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(input.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const enabled = q.length >= SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      apiJson<{ groups: SearchGroup[] }>('/search', { params: new URLSearchParams({ q }), signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { groups: enabled ? (query.data?.groups ?? []) : [], isFetching: enabled && query.isFetching };
}

/** Where a found record opens. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'contact':
      return `/${hit.type === 'CUSTOMER' ? 'customer' : 'lead'}/${hit.id}`;
    case 'agency':
      return `/agency/${hit.id}`;
    case 'deal':
      return `/deals/${hit.id}`;
    case 'product':
      return `/product/${hit.id}`;
    case 'user':
      return `/edit-user/${hit.id}`;
  }
}

export const GROUP_LABELS: Record<SearchKind, string> = {
  contact: 'Contacts',
  agency: 'Partners',
  deal: 'Deals',
  product: 'Products',
  user: 'Users',
};
