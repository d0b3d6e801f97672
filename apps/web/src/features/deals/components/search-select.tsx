import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

export interface SearchOption<T> {
  value: string;
  label: string;
  item: T;
}

interface SearchSelectProps<T> extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue'> {
  /** Names the cached answers: ['deal-options', 'contacts']. */
  queryKey: readonly unknown[];
  search: (text: string, signal: AbortSignal) => Promise<SearchOption<T>[]>;
  value: string | null;
  /** The chosen option, shown even when it is not among the current matches. */
  selected: SearchOption<T> | null;
  onChange: (option: SearchOption<T> | null) => void;
}

/**
 * A select whose options the server finds as the person types (20 at most, each search a quarter
 * of a second after the last key), so that a list of thousands of contacts is never downloaded.
 */
export function SearchSelect<T>({
  queryKey,
  search,
  value,
  selected,
  onChange,
  ...props
}: SearchSelectProps<T>) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  // While the field shows the chosen option's label, the search is for everything.
  const term = selected && debounced === selected.label ? '' : debounced;
  const found = useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => search(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const rows = found.data ?? [];
    return selected && !rows.some((row) => row.value === selected.value) ? [selected, ...rows] : rows;
  }, [found.data, selected]);

  return (
    <Select
      searchable
      clearable
      {...props}
      data={options.map(({ value: optionValue, label }) => ({ value: optionValue, label }))}
      filter={({ options: all }) => all}
      value={value}
      searchValue={text}
      onSearchChange={setText}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'Nothing found'}
      onChange={(next) => onChange(options.find((option) => option.value === next) ?? null)}
    />
  );
}
