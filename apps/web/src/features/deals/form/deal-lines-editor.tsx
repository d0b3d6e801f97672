import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { fetchProductOptions, fetchProductPrice } from '../api/deal-options-api';
import { SearchSelect } from '../components/search-select';
import type { DealLineValues } from './deal-form-values';
import { newLine } from './deal-form-values';

interface DealLinesEditorProps {
  lines: DealLineValues[];
  errors: Record<string, string>;
  /** Takes an update of the lines as they are then, since a product's price arrives after a wait. */
  onChange: (update: (lines: DealLineValues[]) => DealLineValues[]) => void;
  /** The line total, written in the installation's currency; "" while a number is unreadable. */
  lineTotal: (line: DealLineValues) => string;
}

const searchProducts = async (text: string, signal: AbortSignal) =>
  (await fetchProductOptions(text, signal)).map((product) => ({
    value: String(product.id),
    label: product.title,
    item: product,
  }));

/** The deal's product lines: a product (its price fills the unit price), quantity, unit price, discount. */
export function DealLinesEditor({ lines, errors, onChange, lineTotal }: DealLinesEditorProps) {
  const update = (key: number, change: Partial<DealLineValues>) =>
    onChange((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const pickProduct = async (line: DealLineValues, id: string | null, title: string) => {
    update(line.key, { productId: id, productTitle: title });
    if (id === null) return;
    const price = await fetchProductPrice(Number(id)).catch(() => null);
    if (price !== null) update(line.key, { unitPrice: String(price) });
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Product lines</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange((current) => [...current, newLine()])}
        >
          Add product line
        </Button>
      </Group>
      {errors.lines && (
        <Text c="red" size="sm" role="alert">
          {errors.lines}
        </Text>
      )}
      {lines.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={4} aria-label="Product lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th w={90}>Quantity</Table.Th>
              <Table.Th w={140}>Unit price</Table.Th>
              <Table.Th w={100}>Discount %</Table.Th>
              <Table.Th w={120} ta="right">
                Total
              </Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const error = (field: string) => errors[`lines.${index}.${field}`];
              const n = index + 1;
              return (
                <Table.Tr key={line.key} data-testid="deal-line">
                  <Table.Td>
                    <SearchSelect
                      aria-label={`Product of line ${n}`}
                      placeholder="Search products"
                      queryKey={['deal-options', 'products']}
                      search={searchProducts}
                      value={line.productId}
                      selected={
                        line.productId === null
                          ? null
                          : {
                              value: line.productId,
                              label: line.productTitle,
                              item: { id: Number(line.productId), title: line.productTitle },
                            }
                      }
                      onChange={(option) =>
                        void pickProduct(line, option?.value ?? null, option?.label ?? '')
                      }
                      error={error('productId')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Quantity of line ${n}`}
                      inputMode="numeric"
                      value={line.quantity}
                      onChange={(event) => update(line.key, { quantity: event.currentTarget.value })}
                      error={error('quantity')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Unit price of line ${n}`}
                      inputMode="decimal"
                      value={line.unitPrice}
                      onChange={(event) => update(line.key, { unitPrice: event.currentTarget.value })}
                      error={error('unitPrice')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Discount of line ${n}`}
                      inputMode="decimal"
                      value={line.discount}
                      placeholder="0"
                      onChange={(event) => update(line.key, { discount: event.currentTarget.value })}
                      error={error('discount')}
                    />
                  </Table.Td>
                  <Table.Td ta="right">{lineTotal(line)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove line ${n}`}
                      onClick={() => onChange((current) => current.filter((other) => other.key !== line.key))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
