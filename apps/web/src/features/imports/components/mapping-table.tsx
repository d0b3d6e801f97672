import { Select, Table, Text } from '@mantine/core';
import type { ImportView } from '../api/import-types';

const IGNORE = '__ignore';

interface MappingTableProps {
  view: ImportView;
  mapping: (string | null)[];
  onChange: (mapping: (string | null)[]) => void;
  disabled?: boolean;
}

/** Each column of the file with its first values and the field it goes to (or ignored). */
export function MappingTable({ view, mapping, onChange, disabled }: MappingTableProps) {
  const options = [
    { value: IGNORE, label: 'Ignore this column' },
    ...view.fields.map((field) => ({ value: field.key, label: field.label })),
  ];
  const setField = (index: number, value: string | null) => {
    const next = [...mapping];
    const field = value === IGNORE || value === null ? null : value;
    // A field takes one column: choosing it here frees the column that had it.
    if (field) for (let i = 0; i < next.length; i++) if (next[i] === field) next[i] = null;
    next[index] = field;
    onChange(next);
  };
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Column in the file</Table.Th>
          <Table.Th>First values</Table.Th>
          <Table.Th w={260}>Field</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; two may share a header
          <Table.Tr key={index}>
            <Table.Td>
              <Text fw={500}>{column || `(column ${index + 1})`}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {view.samples
                  .map((row) => row[index] ?? '')
                  .filter(Boolean)
                  .slice(0, 3)
                  .join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={`Field for column ${column}`}
                data={options}
                value={mapping[index] ?? IGNORE}
                onChange={(value) => setField(index, value)}
                allowDeselect={false}
                searchable
                disabled={disabled}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
