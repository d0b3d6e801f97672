import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchPartners } from './partners-api';
import { productKeys } from './product-keys';

const SEARCH_DEBOUNCE_MS = 300;

/** Partners matching what is typed in the company picker, asked of the server (20 at a time). */
export function usePartnerOptions(search: string, enabled: boolean) {
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: productKeys.partners(debounced),
    queryFn: ({ signal }) => searchPartners(debounced, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
