import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { useState } from 'react';
import { dialogFirstField } from '../../../lib/focus-first-error';
import type { AgencyOption } from '../api/fetch-agency-options';
import { useAgencyOptions } from '../api/use-agency-options';
import { NONE } from './contact-form-values';

const SEARCH_DEBOUNCE_MS = 250;
export const DIRECT_AGENCY_LABEL = 'Direct (No Agency)';

interface AgencySelectProps {
  /** An agency id, or 'null' for a direct contact. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The agency already set (edit dialog): named even when the search does not return it. */
  initial?: AgencyOption | null;
  /** A dialog's first field: focused when the dialog opens, its list closed until asked for. */
  autoFocus?: boolean;
}

/** Clearable, searchable on the server (active agencies, 20 at a time); empty means a direct contact. */
export function AgencySelect({
  value,
  onChange,
  error,
  initial = null,
  autoFocus = false,
}: AgencySelectProps) {
  const [search, setSearch] = useState(initial?.name ?? '');
  const [chosen, setChosen] = useState<AgencyOption | null>(initial);
  // Once an agency is chosen the box shows its name: that is not a search.
  const typed = chosen && search === chosen.name ? '' : search;
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const { data: agencies = [] } = useAgencyOptions(debounced);

  const options = agencies.map((agency) => ({ value: String(agency.id), label: agency.name }));
  if (chosen && !agencies.some((agency) => agency.id === chosen.id)) {
    options.unshift({ value: String(chosen.id), label: chosen.name });
  }

  return (
    <Select
      label="Agency"
      name="agencyId"
      placeholder={DIRECT_AGENCY_LABEL}
      leftSection={<IconBuilding size={16} />}
      data={options}
      value={value === NONE ? null : value}
      onChange={(next, option) => {
        setChosen(next && option ? { id: Number(next), name: option.label } : null);
        onChange(next ?? NONE);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the search text.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage="No agencies found"
      error={error}
      comboboxProps={{ withinPortal: true }}
      {...dialogFirstField(autoFocus)}
    />
  );
}
