import { Radio, Table, Text } from '@mantine/core';
import { formatFieldValue, usePhoneFormat } from '../../../lib/format';
import type { MergeField, Side } from '../api/merge-api';

interface MergeFieldTableProps {
  fields: MergeField[];
  survivorTitle: string;
  otherTitle: string;
  onChoose: (field: string, side: Side) => void;
}

/** The two records side by side: for each field that differs, the value to keep. */
export function MergeFieldTable({ fields, survivorTitle, otherTitle, onChoose }: MergeFieldTableProps) {
  const phoneFormat = usePhoneFormat();
  if (fields.length === 0) return <Text c="dimmed">The two records hold the same values.</Text>;
  const cell = (field: MergeField, side: Side) => {
    const stored = side === 'survivor' ? field.survivorValue : field.otherValue;
    // Labels for codes, pounds for the budget, phones in international format.
    const value = stored === null ? null : formatFieldValue(field.field, stored, phoneFormat);
    return (
      <Table.Td>
        <Radio
          name={`keep-${field.field}`}
          checked={field.chosen === side}
          onChange={() => onChoose(field.field, side)}
          label={value ?? '—'}
          aria-label={`Keep ${field.label} from ${side === 'survivor' ? survivorTitle : otherTitle}: ${value ?? 'empty'}`}
        />
      </Table.Td>
    );
  };
  return (
    <Table withTableBorder striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>{survivorTitle} (kept)</Table.Th>
          <Table.Th>{otherTitle} (merged into it)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field.field}>
            <Table.Td fw={500}>{field.label}</Table.Td>
            {cell(field, 'survivor')}
            {cell(field, 'other')}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
