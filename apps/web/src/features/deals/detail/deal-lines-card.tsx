import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Deal } from '../api/deal-types';
import { formatDealMoney } from '../api/format-deal-money';

/** The deal's product lines and their sum; a deal without lines has an amount entered by hand. */
export function DealLinesCard({ deal }: { deal: Deal }) {
  const money = (amount: number) => formatDealMoney(amount, deal.currency);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={3} size="h4" mb="sm">
        Product lines
      </Title>
      {deal.lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          No product lines: the amount was entered by hand.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Product lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Discount</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deal.lines.map((line, index) => (
                // A deal may hold the same product on two lines (different prices or discounts).
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
                <Table.Tr key={index}>
                  <Table.Td>
                    <Anchor component={Link} to={`/product/${line.productId}`}>
                      {line.product.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{line.discount === 0 ? '—' : `${line.discount} %`}</Table.Td>
                  <Table.Td ta="right">{money(line.lineTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={4} ta="right">
                  Amount
                </Table.Th>
                <Table.Th ta="right">{money(deal.amount)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
