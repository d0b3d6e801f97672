import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export interface RemoteOption {
  id: number;
  name: string;
}

interface RemoteSelectProps {
  label: string;
  placeholder: string;
  nothingFound: string;
  /** The options' query key root; not under the deals' key, so a deal's event does not reload them. */
  keyRoot: string;
  /** The chosen id as the URL holds it, '' for none. */
  value: string;
  onChange: (id: string) => void;
  search: (text: string, signal?: AbortSignal) => Promise<RemoteOption[]>;
  /** The chosen one's name when it is not among the first matches (a shared link). */
  byId: (id: string, signal?: AbortSignal) => Promise<RemoteOption>;
}

/** A filter picker whose options the server finds as the person types. */
export function RemoteSelect({
  label,
  placeholder,
  nothingFound,
  keyRoot,
  value,
  onChange,
  search,
  byId,
}: RemoteSelectProps) {
  const [typed, setTyped] = useState('');
  const [text] = useDebouncedValue(typed, 250);
  const matches = useQuery({
    queryKey: ['deal-board-options', keyRoot, text],
    queryFn: ({ signal }) => search(text, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const listed = matches.data?.some((row) => String(row.id) === value) ?? false;
  const chosen = useQuery({
    queryKey: ['deal-board-options', keyRoot, 'id', value],
    queryFn: ({ signal }) => byId(value, signal),
    enabled: value !== '' && matches.isSuccess && !listed,
    staleTime: 60_000,
  });
  const options = (matches.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  if (chosen.data && !listed) options.unshift({ value, label: chosen.data.name });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      w={200}
      data={options}
      // The server has matched already (folded names, partial words): show what it answered.
      filter={({ options: all }) => all}
      searchValue={typed}
      onSearchChange={setTyped}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      nothingFoundMessage={nothingFound}
    />
  );
}
