import type { ListQuery } from '@crm/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { SelectAllMatching } from '../../../components/bulk-actions';
import { DataTable } from '../../../components/data-table';
import { useBulkSelection } from '../../../components/data-table/use-row-selection';
import { EXPORT_COLUMNS, ExportButton, ImportButton } from '../../../components/import-export';
import { useCurrentUser } from '../../../lib/session-context';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { fetchAgenciesPage } from '../api/agencies-api';
import { agencyKeys } from '../api/agency-keys';
import type { ActiveAction, Agency } from '../api/agency-types';
import { useBulkSetAgencies } from '../api/use-bulk-set-agencies';
import { useSetAgencyActive } from '../api/use-set-agency-active';
import { agencyColumns, agencyHref } from '../components/agency-columns';
import { BulkStatusButtons } from '../components/bulk-status-buttons';
import { confirmAgencyStatus, confirmBulkAgencyStatus } from '../components/confirm-agency-status';
import { idsToChange } from '../status-changes';

const getAgencyId = (agency: Agency) => agency.id;

export function AgenciesPage() {
  const isAdmin = useCurrentUser().role === 'admin';
  const picked = useBulkSelection();
  // The rows the table has loaded, so that a bulk confirm can count only what would change.
  const loaded = useRef(new Map<number, Agency>());
  const fetchPage = useCallback(async (query: ListQuery, signal: AbortSignal) => {
    const page = await fetchAgenciesPage(query, signal);
    for (const agency of page.rows) loaded.current.set(agency.id, agency);
    return page;
  }, []);

  const setActive = useSetAgencyActive();
  const bulk = useBulkSetAgencies(picked.clear);
  const { mutate: mutateOne } = setActive;
  const columns = useMemo(
    () =>
      agencyColumns(
        isAdmin
          ? (agency) => confirmAgencyStatus(agency, (action) => mutateOne({ id: agency.id, action }))
          : undefined,
      ),
    [isAdmin, mutateOne],
  );

  const runBulk = (action: ActiveAction, listParams: URLSearchParams) => {
    if (picked.allMatching) {
      confirmBulkAgencyStatus(action, picked.count, () => bulk.mutate({ chosen: { listParams }, action }));
      return;
    }
    const selected = picked.ids.flatMap((id) => loaded.current.get(Number(id)) ?? []);
    const ids = idsToChange(selected, action);
    if (ids.length === 0) {
      toast.info(msg.nothingToUpdate);
      return;
    }
    confirmBulkAgencyStatus(action, ids.length, () => bulk.mutate({ chosen: { ids }, action }));
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{msg.listTitle}</Title>
        <Group>
          <ImportButton entity="agencies" />
          <ExportButton list="partners" columns={EXPORT_COLUMNS.partners} />
          <Button component={Link} to="/new-agency" leftSection={<IconPlus size={16} />}>
            Add New Partner
          </Button>
        </Group>
      </Group>
      <DataTable
        listId="agencies"
        queryKey={agencyKeys.all}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={getAgencyId}
        rowHref={agencyHref}
        getRowLabel={(agency) => `Select ${agency.name}`}
        searchPlaceholder="Search partners..."
        searchLabel="Search partners"
        loadErrorMessage={msg.loadAgenciesFailed}
        selection={isAdmin ? picked.selection : undefined}
        toolbar={(listParams, totals) =>
          isAdmin ? (
            <>
              <SelectAllMatching list="partners" listParams={listParams} selection={picked} totals={totals} />
              <BulkStatusButtons
                selectedCount={picked.count}
                busy={bulk.isPending}
                onAction={(action) => runBulk(action, listParams)}
              />
            </>
          ) : undefined
        }
        emptyState={
          <Stack gap={4} align="center">
            <Text fw={600}>{msg.noAgencies}</Text>
            <Text size="sm" c="dimmed">
              {msg.noAgenciesHint}
            </Text>
          </Stack>
        }
      />
    </Stack>
  );
}
