import { Button, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { downloadExport } from './download-export';
import { type ExportColumnOption, type ExportList, exportColumnsFor, listQueryOf } from './export-columns';

interface ExportButtonProps {
  list: ExportList;
  columns: ExportColumnOption[];
  /** Parameters of the list itself (a partner's id); the search, filters and sort come from the URL. */
  extraParams?: Record<string, string>;
}

/**
 * Export of the list as it is shown: its search, filters and sort (from the page's URL), the
 * columns the person ticks (those the list shows, at first), as CSV or XLSX.
 */
export function ExportButton({ list, columns, extraParams }: ExportButtonProps) {
  const [params] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const open = () => {
    const shown = params.get('cols')?.split(',').filter(Boolean) ?? null;
    setChosen(exportColumnsFor(shown, columns));
    setOpened(true);
  };

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
      toast.success(`Exported ${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'}`);
      setOpened(false);
    } catch (error) {
      toast.error(errorMessage(error, 'Export failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={open}>
        Export
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Export" size="lg">
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
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button onClick={download} loading={busy} disabled={chosen.length === 0}>
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
