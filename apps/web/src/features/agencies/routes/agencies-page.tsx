import type { ListQuery } from '@crm/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type RowId } from '../../../components/data-table';
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
  const [selectedIds, setSelectedIds] = useState<RowId[]>([]);
  // The rows the table has loaded, so that a bulk confirm can count only what would change.
  const loaded = useRef(new Map<number, Agency>());
  const fetchPage = useCallback(async (query: ListQuery, signal: AbortSignal) => {
    const page = await fetchAgenciesPage(query, signal);
    for (const agency of page.rows) loaded.current.set(agency.id, agency);
    return page;
  }, []);

  const setActive = useSetAgencyActive();
  const bulk = useBulkSetAgencies(() => setSelectedIds([]));
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

  const runBulk = (action: ActiveAction) => {
    const selected = selectedIds.flatMap((id) => loaded.current.get(Number(id)) ?? []);
    const ids = idsToChange(selected, action);
    if (ids.length === 0) {
      toast.info(msg.nothingToUpdate);
      return;
    }
    confirmBulkAgencyStatus(action, ids.length, () => bulk.mutate({ ids, action }));
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
        selection={isAdmin ? { selectedIds, onChange: setSelectedIds } : undefined}
        toolbar={
          isAdmin ? (
            <BulkStatusButtons selectedCount={selectedIds.length} busy={bulk.isPending} onAction={runBulk} />
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
