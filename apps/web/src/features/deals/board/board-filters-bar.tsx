import { Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson } from '../../../lib/api-client';
import { fetchAgencyOptions, fetchUserOptions, type NamedOption } from '../api/deal-options-api';
import type { BoardFilters } from './board-api';

/** The pickers' lists; not under the deals' key, so that a deal's live event does not reload them. */
const optionKeys = {
  owners: ['deal-board-options', 'owners'] as const,
  partners: (search: string) => ['deal-board-options', 'partners', search] as const,
  partner: (id: string) => ['deal-board-options', 'partner', id] as const,
};

interface BoardFiltersBarProps {
  filters: BoardFilters;
  active: boolean;
  setFilter: <K extends keyof BoardFilters>(key: K, value: BoardFilters[K]) => void;
  clear: () => void;
}

const toOptions = (rows: NamedOption[]) => rows.map((row) => ({ value: String(row.id), label: row.name }));

/** Owner, partner, expected close month and "mine", each kept in the URL. */
export function BoardFiltersBar({ filters, active, setFilter, clear }: BoardFiltersBarProps) {
  const owners = useQuery({
    queryKey: optionKeys.owners,
    queryFn: ({ signal }) => fetchUserOptions(signal),
    staleTime: 60_000,
  });
  const [partnerSearch, setPartnerSearch] = useState('');
  const [search] = useDebouncedValue(partnerSearch, 250);
  const partners = useQuery({
    queryKey: optionKeys.partners(search),
    queryFn: ({ signal }) => fetchAgencyOptions(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  // A partner chosen earlier (a shared link) may not be among the first matches: its name is read.
  const chosen = useQuery({
    queryKey: optionKeys.partner(filters.agencyId),
    queryFn: ({ signal }) => apiJson<NamedOption>(`/agencies/${filters.agencyId}`, { signal }),
    enabled: filters.agencyId !== '' && !partners.data?.some((row) => String(row.id) === filters.agencyId),
    staleTime: 60_000,
  });
  const partnerOptions = toOptions(partners.data ?? []);
  if (chosen.data && !partnerOptions.some((option) => option.value === filters.agencyId))
    partnerOptions.unshift({ value: filters.agencyId, label: chosen.data.name });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter deals">
      <Select
        label="Owner"
        placeholder="Anyone"
        searchable
        clearable
        w={200}
        data={toOptions(owners.data ?? [])}
        value={filters.ownerId || null}
        onChange={(value) => setFilter('ownerId', value ?? '')}
      />
      <Select
        label="Partner"
        placeholder="Any partner"
        searchable
        clearable
        w={200}
        data={partnerOptions}
        filter={({ options }) => options}
        searchValue={partnerSearch}
        onSearchChange={setPartnerSearch}
        value={filters.agencyId || null}
        onChange={(value) => setFilter('agencyId', value ?? '')}
        nothingFoundMessage="No partner found"
      />
      <TextInput
        label="Close month"
        type="month"
        w={170}
        value={filters.closeMonth}
        onChange={(event) => setFilter('closeMonth', event.currentTarget.value)}
      />
      <Switch
        label="Mine"
        checked={filters.mine}
        onChange={(event) => setFilter('mine', event.currentTarget.checked)}
        mb={8}
      />
      {active && (
        <Button variant="subtle" onClick={clear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
