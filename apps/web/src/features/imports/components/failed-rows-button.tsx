import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { downloadFailedRows } from '../api/imports-api';

/** Downloads the rows not imported, with why, as a CSV to fix in a spreadsheet and import again. */
export function FailedRowsButton({ importId }: { importId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFailedRows(importId);
    } catch (error) {
      toast.error(errorMessage(error, 'The rows could not be downloaded'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} loading={busy}>
      Download rows not imported (CSV)
    </Button>
  );
}
