import { Button, Group, Select, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { fetchAgencyOptions, fetchProductOptions, fetchUserOptions } from '../api/deal-options-api';
import type { BoardFilters } from './board-api';
import { RemoteSelect } from './remote-select';

interface BoardFiltersBarProps {
  filters: BoardFilters;
  active: boolean;
  setFilter: <K extends keyof BoardFilters>(key: K, value: BoardFilters[K]) => void;
  clear: () => void;
}

const searchPartners = (text: string, signal?: AbortSignal) => fetchAgencyOptions(text, signal);
const partnerById = (id: string, signal?: AbortSignal) =>
  apiJson<{ id: number; name: string }>(`/agencies/${id}`, { signal });
const searchProducts = async (text: string, signal?: AbortSignal) =>
  (await fetchProductOptions(text, signal)).map(({ id, title }) => ({ id, name: title }));
const productById = async (id: string, signal?: AbortSignal) => {
  const product = await apiJson<{ id: number; title: string }>(`/product/${id}`, { signal });
  return { id: product.id, name: product.title };
};

/** Owner, partner, product, expected close month and "mine", each kept in the URL. */
export function BoardFiltersBar({ filters, active, setFilter, clear }: BoardFiltersBarProps) {
  const owners = useQuery({
    queryKey: ['deal-board-options', 'owners'],
    queryFn: ({ signal }) => fetchUserOptions(signal),
    staleTime: 60_000,
  });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter deals">
      <Select
        label="Owner"
        placeholder="Anyone"
        searchable
        clearable
        w={200}
        data={(owners.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
        value={filters.ownerId || null}
        onChange={(value) => setFilter('ownerId', value ?? '')}
      />
      <RemoteSelect
        label="Partner"
        placeholder="Any partner"
        nothingFound="No partner found"
        keyRoot="partners"
        value={filters.agencyId}
        onChange={(id) => setFilter('agencyId', id)}
        search={searchPartners}
        byId={partnerById}
      />
      <RemoteSelect
        label="Product"
        placeholder="Any product"
        nothingFound="No product found"
        keyRoot="products"
        value={filters.productId}
        onChange={(id) => setFilter('productId', id)}
        search={searchProducts}
        byId={productById}
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
