import { Button, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-error';
import { formatCountOf } from '../../lib/format';
import { toast } from '../../lib/toast';
import { downloadExport } from './download-export';
import { type ExportColumnOption, type ExportList, exportColumnsFor, listQueryOf } from './export-columns';

export interface ExportDialogProps {
  list: ExportList;
  columns: ExportColumnOption[];
  extraParams?: Record<string, string>;
  /** The list's own search, filters and sort, when it does not keep them in the URL. */
  listParams?: URLSearchParams;
  opened: boolean;
  onClose: () => void;
}

/**
 * Export of the list as it is shown: its search, filters and sort (from the page's URL, or from the
 * table itself for a table inside a detail screen), the
 * columns the person ticks (those the list shows, at first), as CSV or XLSX. Loaded on the first
 * click of Export (export-button.tsx).
 */
export function ExportDialog({ list, columns, extraParams, listParams, opened, onClose }: ExportDialogProps) {
  const [urlParams] = useSearchParams();
  const params = listParams ?? urlParams;
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // Each opening starts from the columns the list shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when the dialog opens, not on every URL change
  useEffect(() => {
    if (!opened) return;
    const shown = params.get('cols')?.split(',').filter(Boolean) ?? null;
    setChosen(exportColumnsFor(shown, columns));
  }, [opened]);

  const download = async () => {
    const query = listQueryOf(params);
    for (const [key, value] of Object.entries(extraParams ?? {})) query.set(key, value);
    query.set('format', format);
    query.set(
      'columns',
      columns
        .filter((c) => chosen.includes(c.key))
        .map((c) => c.key)
        .join(','),
    );
    setBusy(true);
    try {
      const { rows } = await downloadExport(list, query);
      toast.success(`Exported ${formatCountOf(rows, 'row')}`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Export failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Export" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          Every row of the list with its current search, filters and sort.
        </Text>
        <SegmentedControl
          aria-label="File format"
          value={format}
          onChange={(value) => setFormat(value as 'csv' | 'xlsx')}
          data={[
            { value: 'csv', label: 'CSV' },
            { value: 'xlsx', label: 'Excel (XLSX)' },
          ]}
        />
        <Checkbox.Group label="Columns" value={chosen} onChange={setChosen}>
          <SimpleGrid cols={3} mt="xs">
            {columns.map((column) => (
              <Checkbox key={column.key} value={column.key} label={column.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={download} loading={busy} disabled={chosen.length === 0}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
