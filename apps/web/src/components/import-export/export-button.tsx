import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { MountWhenOpened } from '../mount-when-opened';
import type { ExportColumnOption, ExportList } from './export-columns';

// The dialog (format, columns, download) is fetched on the first click: lists open without it.
const ExportDialog = lazy(async () => ({ default: (await import('./export-dialog')).ExportDialog }));

interface ExportButtonProps {
  list: ExportList;
  columns: ExportColumnOption[];
  /** Parameters of the list itself (a partner's id); the search, filters and sort come from the URL. */
  extraParams?: Record<string, string>;
  /** The search, filters and sort of a table that keeps them itself instead of in the URL. */
  listParams?: URLSearchParams;
}

/** Export of the list as it is shown (export-dialog.tsx). */
export function ExportButton({ list, columns, extraParams, listParams }: ExportButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setOpened(true)}>
        Export
      </Button>
      <MountWhenOpened opened={opened}>
        <ExportDialog
          list={list}
          columns={columns}
          extraParams={extraParams}
          listParams={listParams}
          opened={opened}
          onClose={() => setOpened(false)}
        />
      </MountWhenOpened>
    </>
  );
}
