import type { ListQuery } from '@crm/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLayoutKanban, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { useBulkSelection } from '../../../components/data-table/use-row-selection';
import { ExportButton } from '../../../components/import-export';
import { useCurrentUser } from '../../../lib/session-context';
import { dealKeys } from '../api/deal-keys';
import { fetchUserOptions } from '../api/deal-options-api';
import type { DealListRow } from '../api/deal-types';
import { fetchDealsPage } from '../api/deals-api';
import { useCurrency } from '../api/use-currency';
import { useDealStages, useLostReasons } from '../api/use-deal-stages';
import { DealBulkBar } from './deal-bulk-bar';
import { dealColumns, dealHref } from './deal-columns';
import { DEAL_EXPORT_COLUMNS } from './deal-export-columns';

const getDealId = (deal: DealListRow) => deal.id;
const fetchPage = (query: ListQuery, signal: AbortSignal) => fetchDealsPage(query, signal);

/**
 * /deals/list: the board's deals as a table (server paging, sort and filters read from the URL, so
 * the report's charts link here filtered), with saved views, the column chooser and bulk changes.
 */
export function DealsListPage() {
  const isAdmin = useCurrentUser().role === 'admin';
  const picked = useBulkSelection();
  const stages = useDealStages();
  const currency = useCurrency();
  const reasons = useLostReasons();
  const users = useQuery({
    queryKey: ['deal-options', 'users'],
    queryFn: ({ signal }) => fetchUserOptions(signal),
  });

  const userOptions = useMemo(
    () => (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name })),
    [users.data],
  );
  const columns = useMemo(
    () =>
      dealColumns({
        stages: (stages.data ?? []).map((stage) => ({ value: String(stage.id), label: stage.name })),
        users: userOptions,
        currency,
      }),
    [stages.data, userOptions, currency],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Deals</Title>
        <Group>
          <ExportButton list="deals" columns={DEAL_EXPORT_COLUMNS} />
          <Button component={Link} to="/deals" variant="default" leftSection={<IconLayoutKanban size={16} />}>
            Board
          </Button>
          <Button component={Link} to="/deals/new" leftSection={<IconPlus size={16} />}>
            New deal
          </Button>
        </Group>
      </Group>
      <DataTable
        listId="deals"
        queryKey={dealKeys.lists}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={getDealId}
        rowHref={dealHref}
        getRowLabel={(deal) => `Select ${deal.title}`}
        searchPlaceholder="Search deals by title..."
        searchLabel="Search deals"
        loadErrorMessage="The deals could not be loaded"
        emptyState={<Text c="dimmed">No deals match.</Text>}
        selection={picked.selection}
        toolbar={(listParams, totals) => (
          <DealBulkBar
            picked={picked}
            listParams={listParams}
            totals={totals}
            isAdmin={isAdmin}
            stages={stages.data ?? []}
            reasons={reasons.data ?? []}
            users={userOptions}
          />
        )}
      />
    </Stack>
  );
}
