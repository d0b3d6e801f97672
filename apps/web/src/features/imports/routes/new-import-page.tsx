import { Alert, Anchor, Button, FileInput, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { uploadImport, useDefaultCountry } from '../api/imports-api';
import { DefaultCountrySelect } from '../components/default-country-select';

const TITLES: Record<string, string> = {
  'contacts:LEAD': 'Import Leads',
  'contacts:CUSTOMER': 'Import Customers',
  'agencies:': 'Import Partners',
};

/** /imports/new?entity=contacts&type=LEAD: choose the file; the next screen maps its columns. */
export function NewImportPage() {
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity') === 'agencies' ? 'agencies' : 'contacts';
  const type = entity === 'contacts' ? (params.get('type') === 'CUSTOMER' ? 'CUSTOMER' : 'LEAD') : null;
  const what = `${entity}:${type ?? ''}`;
  // What the file holds: set by the list's Import button, or chosen here (from the import history).
  const choose = (value: string) => {
    const [nextEntity, nextType] = value.split(':');
    setParams(
      new URLSearchParams({ entity: nextEntity ?? 'contacts', ...(nextType ? { type: nextType } : {}) }),
      {
        replace: true,
      },
    );
  };
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const deployment = useDefaultCountry().data ?? null;
  const [chosenCountry, setCountry] = useState<string | null>(null);
  const country = chosenCountry ?? deployment;

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const view = await uploadImport(file, entity, type, country);
      navigate(`/imports/${view.id}`);
    } catch (cause) {
      setError(errorMessage(cause, 'The file could not be uploaded'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between">
        <Title order={1}>{TITLES[what]}</Title>
        <Anchor component={Link} to="/imports">
          Import history
        </Anchor>
      </Group>
      <Text c="dimmed">
        A CSV (comma or semicolon separated, UTF-8) or an Excel workbook (.xlsx) of up to 64 MB, with a header
        row naming the columns. Nothing is imported before you have seen what each row would do.
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="import-what">
          Records to import
        </Text>
        <SegmentedControl
          aria-labelledby="import-what"
          value={what}
          onChange={choose}
          data={[
            { value: 'contacts:LEAD', label: 'Leads' },
            { value: 'contacts:CUSTOMER', label: 'Customers' },
            { value: 'agencies:', label: 'Partners' },
          ]}
          w="fit-content"
        />
      </Stack>
      <FileInput
        label="File"
        placeholder="Choose a CSV or XLSX file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={16} />}
        value={file}
        onChange={setFile}
        clearable
      />
      <DefaultCountrySelect value={country} onChange={setCountry} />
      {error && (
        <Alert color="red" title="The file was refused">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} disabled={!file} loading={busy}>
          Upload and map columns
        </Button>
      </Group>
    </Stack>
  );
}
