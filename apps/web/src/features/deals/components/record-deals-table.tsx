import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EMPTY_VALUE, formatDate } from '../../../lib/format';
import type { DealListRow } from '../api/deal-types';
import { formatDealMoney } from '../api/format-deal-money';
import { contactPath, dealPath } from './deal-links';
import { StageBadge } from './stage-badge';

interface RecordDealsTableProps {
  deals: DealListRow[];
  currency: string;
  /** A partner's tab names each deal's contact; a contact's does not. */
  showContact: boolean;
}

/** The deals of a contact or a partner, latest change first, each opening its page. */
export function RecordDealsTable({ deals, currency, showContact }: RecordDealsTableProps) {
  if (deals.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No deals yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Deals" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            {showContact && <Table.Th>Contact</Table.Th>}
            <Table.Th>Stage</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Probability</Table.Th>
            <Table.Th>Close date</Table.Th>
            <Table.Th>Owner</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deals.map((deal) => (
            <Table.Tr key={deal.id}>
              <Table.Td>
                <Anchor component={Link} to={dealPath(deal.id)}>
                  {deal.title}
                </Anchor>
              </Table.Td>
              {showContact && (
                <Table.Td>
                  <Anchor component={Link} to={contactPath(deal.contact)}>
                    {deal.contact.name}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td>
                <StageBadge stage={deal.stage} />
              </Table.Td>
              <Table.Td ta="right">{formatDealMoney(deal.amount, currency)}</Table.Td>
              <Table.Td ta="right">{deal.probability} %</Table.Td>
              <Table.Td>{formatDate(deal.expectedCloseDate) || EMPTY_VALUE}</Table.Td>
              <Table.Td>{deal.owner.name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
