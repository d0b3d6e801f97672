import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useParentOptions } from '../api/use-picker-options';
import { NO_PARENT } from './agency-form-values';

const SEARCH_DEBOUNCE_MS = 300;
const NONE_OPTION = { value: NO_PARENT, label: 'None (Main agency)' };

interface ParentAgencySelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The agency being edited: it cannot be its own parent. */
  excludeId?: number;
  /** The stored parent, so its name shows before any search has loaded it. */
  initialParent?: { id: number; name: string } | null;
  /** Toasted when the agencies cannot be loaded. */
  loadErrorMessage: string;
  error?: string;
  required?: boolean;
  withinPortal?: boolean;
}

/** A searchable parent picker; the server does the searching (at most 50 names per search). */
export function ParentAgencySelect({
  label,
  value,
  onChange,
  excludeId,
  initialParent,
  loadErrorMessage,
  error,
  required,
  withinPortal = true,
}: ParentAgencySelectProps) {
  const names = useRef(new Map<string, string>());
  if (initialParent) names.current.set(String(initialParent.id), initialParent.name);
  const [search, setSearch] = useState('');
  const selectedLabel = names.current.get(value);
  // Showing the chosen name is not a search: offer the first agencies instead.
  const [debounced] = useDebouncedValue(search === selectedLabel ? '' : search, SEARCH_DEBOUNCE_MS);
  const query = useParentOptions(debounced);

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(loadErrorMessage);
  }, [isError, errorUpdatedAt, loadErrorMessage]);

  for (const agency of query.data ?? []) names.current.set(String(agency.id), agency.name);
  const found = (query.data ?? [])
    .filter((agency) => agency.id !== excludeId)
    .map((agency) => ({ value: String(agency.id), label: agency.name }));
  const chosen =
    value !== NO_PARENT && selectedLabel && !found.some((option) => option.value === value)
      ? [{ value, label: selectedLabel }]
      : [];

  return (
    <Select
      label={label}
      data={[NONE_OPTION, ...chosen, ...found]}
      value={value}
      onChange={(next) => onChange(next ?? NO_PARENT)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? 'Loading…' : 'No agencies found'}
      allowDeselect={false}
      required={required}
      error={error}
      comboboxProps={{ withinPortal }}
      maxDropdownHeight={260}
    />
  );
}
