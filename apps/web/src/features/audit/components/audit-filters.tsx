import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@crm/domain';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type AuditFilters, useAuditPeople } from '../api/audit-api';

export const NO_FILTERS: AuditFilters = { action: '', actor: '', from: '', to: '', address: '' };

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/** The list's filters: what, who, between which days, from which address. */
export function AuditFiltersBar({
  value,
  onChange,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const { data: people = [] } = useAuditPeople();
  const set = (key: keyof AuditFilters) => (next: string | null) => onChange({ ...value, [key]: next ?? '' });
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="xs">
      <Select
        label="Action"
        placeholder="All actions"
        data={ACTION_OPTIONS}
        value={value.action || null}
        onChange={set('action')}
        clearable
        searchable
      />
      <Select
        label="Person"
        placeholder="Everyone"
        data={people.map((person) => ({ value: String(person.id), label: person.name }))}
        value={value.actor || null}
        onChange={set('actor')}
        clearable
        searchable
      />
      <TextInput
        label="From"
        type="date"
        value={value.from}
        onChange={(event) => set('from')(event.currentTarget.value)}
      />
      <TextInput
        label="To"
        type="date"
        value={value.to}
        onChange={(event) => set('to')(event.currentTarget.value)}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Address"
          placeholder="e.g. 203.0.113.7"
          value={value.address}
          onChange={(event) => set('address')(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Clear
        </Button>
      </Group>
    </SimpleGrid>
  );
}
