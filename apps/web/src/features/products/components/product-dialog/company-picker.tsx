import { type OptionsFilter, Select } from '@mantine/core';
import { useState } from 'react';
import type { CompanyRef } from '../../api/product-types';
import { usePartnerOptions } from '../../api/use-partner-options';

interface CompanyPickerProps {
  value: CompanyRef | null;
  error: string | undefined;
  onChange: (company: CompanyRef | null) => void;
}

/** The server has already matched the options to the search text. */
const keepServerOrder: OptionsFilter = ({ options }) => options;

/** The optional real estate company: a partner found by name on the server. */
export function CompanyPicker({ value, error, onChange }: CompanyPickerProps) {
  const [search, setSearch] = useState(value?.name ?? '');
  const [opened, setOpened] = useState(false);
  // Showing the chosen name is not a search: the whole list is offered then.
  const term = search === value?.name ? '' : search;
  const partners = usePartnerOptions(term, opened);

  const options = (partners.data ?? []).map((partner) => ({
    value: String(partner.id),
    label: partner.name,
  }));
  if (value && !options.some((option) => option.value === String(value.id))) {
    options.unshift({ value: String(value.id), label: value.name });
  }

  return (
    <Select
      label="Real Estate Company"
      name="realEstateCompanyId"
      placeholder="Search partners"
      searchable
      clearable
      data={options}
      filter={keepServerOrder}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={partners.isFetching ? 'Searching…' : 'No partners found'}
      error={error}
      onChange={(id, option) => onChange(id ? { id: Number(id), name: option.label } : null)}
    />
  );
}
