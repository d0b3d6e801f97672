import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { AUDIT_PAGE_SIZE, type AuditFilters, downloadAudit, useAuditEntries } from '../api/audit-api';
import { AuditFiltersBar, NO_FILTERS } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

/** Admins' audit log: who did what, when and from where, newest first. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const { data, isLoading } = useAuditEntries(filters, page);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  const filter = (next: AuditFilters) => {
    setFilters(next);
    setPage(0);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAudit(filters);
    } catch (error) {
      toast.error(errorMessage(error, 'Error trying to export the audit log'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Audit log</Title>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          loading={exporting}
          variant="light"
        >
          Export CSV
        </Button>
      </Group>
      <AuditFiltersBar value={filters} onChange={filter} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {isLoading ? 'Loading…' : `${total} ${total === 1 ? 'entry' : 'entries'}`}
      </Text>
      <AuditTable rows={data?.rows ?? []} />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
