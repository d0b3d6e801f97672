import { Text } from '@mantine/core';
import {
  type ColumnFilterConfig,
  cellLink,
  cellValue,
  type DataTableColumn,
  type FilterOption,
} from '../../../components/data-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { DealListRow } from '../api/deal-types';
import { formatDealMoney } from '../api/format-deal-money';
import { contactPath, dealPath, partnerPath } from '../components/deal-links';
import { StageBadge } from '../components/stage-badge';

export const dealHref = (deal: Pick<DealListRow, 'id'>): string => dealPath(deal.id);

const pick = (options: readonly FilterOption[]): ColumnFilterConfig => ({ modes: ['equals'], options });

interface DealColumnOptions {
  stages: readonly FilterOption[];
  users: readonly FilterOption[];
  currency: string;
}

/**
 * The deals list's columns. Stage, owner, assignee and partner filter by id (`f.stageId=equals:3`
 * in the URL), which is how the report's charts link here; the close date filters by month
 * (`f.expectedCloseDate=contains:2026-12`).
 */
export function dealColumns({ stages, users, currency }: DealColumnOptions): DataTableColumn<DealListRow>[] {
  return [
    {
      key: 'title',
      header: 'Title',
      width: 'minmax(200px, 2fr)',
      sortable: true,
      filter: { modes: ['containsIgnoreCase'] },
      render: (deal) => cellLink(deal.title, dealHref(deal)),
    },
    {
      key: 'contact',
      header: 'Contact',
      width: 'minmax(150px, 1.2fr)',
      render: (deal) => cellLink(deal.contact.name, contactPath(deal.contact)),
    },
    {
      key: 'stageId',
      header: 'Stage',
      width: 'minmax(120px, 1fr)',
      filter: pick(stages),
      render: (deal) => <StageBadge stage={deal.stage} />,
    },
    {
      key: 'amount',
      header: 'Amount',
      width: 'minmax(110px, 1fr)',
      align: 'right',
      sortable: true,
      render: (deal) => <Text size="sm">{formatDealMoney(deal.amount, currency)}</Text>,
    },
    {
      key: 'probability',
      header: 'Probability',
      width: 'minmax(90px, 0.7fr)',
      align: 'right',
      sortable: true,
      render: (deal) => <Text size="sm">{deal.probability} %</Text>,
    },
    {
      key: 'expectedCloseDate',
      header: 'Close date',
      width: 'minmax(110px, 0.8fr)',
      sortable: true,
      filter: { modes: ['contains'] },
      render: (deal) => cellValue(formatDate(deal.expectedCloseDate)),
    },
    {
      key: 'wonDate',
      header: 'Won date',
      width: 'minmax(110px, 0.8fr)',
      // By month (`contains:2026-10`): a month's bar of won deals in the report opens the list so.
      filter: { modes: ['contains'] },
      render: (deal) => cellValue(formatDate(deal.wonDate)),
    },
    {
      key: 'lostReasonId',
      header: 'Lost reason',
      width: 'minmax(130px, 1fr)',
      // By id, like the partner: a loss reason's bar in the report opens the list so.
      filter: { modes: ['equals'] },
      render: (deal) => cellValue(deal.lostReason?.name),
    },
    {
      key: 'agencyId',
      header: 'Partner',
      width: 'minmax(140px, 1fr)',
      // By id: a report's link to a partner's deals shows here as this column's filter.
      filter: { modes: ['equals'] },
      render: (deal) =>
        deal.agency ? cellLink(deal.agency.name, partnerPath(deal.agency.id)) : cellValue(null),
    },
    {
      key: 'ownerId',
      header: 'Owner',
      width: 'minmax(130px, 1fr)',
      filter: pick(users),
      render: (deal) => cellValue(deal.owner.name),
    },
    {
      key: 'assignedToId',
      header: 'Assigned to',
      width: 'minmax(130px, 1fr)',
      filter: pick(users),
      render: (deal) => cellValue(deal.assignedTo?.name),
    },
    {
      key: 'updatedAt',
      header: 'Last change',
      width: 'minmax(150px, 1fr)',
      sortable: true,
      render: (deal) => cellValue(formatDateTime(deal.updatedAt)),
    },
  ];
}
