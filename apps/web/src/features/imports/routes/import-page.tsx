import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session-context';
import type { ImportSettings, ImportView } from '../api/import-types';
import { useDefaultCountry, useImport, useImportStep } from '../api/imports-api';
import { DefaultCountrySelect } from '../components/default-country-select';
import { FailedRowsButton } from '../components/failed-rows-button';
import { ImportProgress } from '../components/import-progress';
import { ImportRowsTable } from '../components/import-rows-table';
import { MappingTable } from '../components/mapping-table';
import { RunOptions } from '../components/run-options';

export const STATE_LABELS: Record<string, string> = {
  uploaded: 'Uploaded',
  previewing: 'Checking',
  previewed: 'Checked',
  running: 'Importing',
  done: 'Imported',
  failed: 'Failed',
  undoing: 'Undoing',
  undone: 'Undone',
};

export function listPathOf(view: ImportView): string {
  if (view.entity === 'agencies') return '/agencies';
  return view.type === 'CUSTOMER' ? '/customers' : '/leads';
}

/** The import's settings; an import made before default countries has the deployment's. */
function settingsOf(view: ImportView, defaultCountry: string): ImportSettings {
  return {
    mapping: view.mapping,
    mode: view.options?.mode ?? 'create',
    key: view.options?.key ?? 'email',
    skipErrors: view.options?.skipErrors ?? true,
    country: view.country ?? defaultCountry,
  };
}

const sameSettings = (a: ImportSettings, b: ImportSettings) => JSON.stringify(a) === JSON.stringify(b);

function Count({ label, value, colour }: { label: string; value: number; colour?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="xl" c={colour} data-testid={`count-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {formatCount(value)}
      </Text>
    </Card>
  );
}

/** /imports/:id: map the columns, preview, run, follow the progress, and undo. */
export function ImportPage() {
  const id = Number(useParams().id);
  const query = useImport(id);
  const view = query.data;
  const [settings, setSettings] = useState<ImportSettings | null>(null);
  const preview = useImportStep(id, 'preview', 'The preview could not start');
  const run = useImportStep(id, 'run', 'The import could not start');
  const undo = useImportStep(id, 'undo', 'The undo could not start');
  const isAdmin = useCurrentUser().role === 'admin';
  const deployment = useDefaultCountry().data;
  const defaultCountry = view?.country ?? deployment;

  useEffect(() => {
    if (view && defaultCountry && settings === null) setSettings(settingsOf(view, defaultCountry));
  }, [view, defaultCountry, settings]);

  // The preview appears below the settings, often below the fold: once a preview the person asked
  // for is ready, it is brought into view.
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const awaitingPreview = useRef(false);
  const previewShown = Boolean(view?.preview && view.state === 'previewed');
  useEffect(() => {
    if (!previewShown || !awaitingPreview.current) return;
    awaitingPreview.current = false;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    previewHeading.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [previewShown]);

  if (query.isError) return <Alert color="red">Import not found</Alert>;
  if (!view || !settings || !defaultCountry) return <Loader />;

  const editable =
    ['uploaded', 'previewed'].includes(view.state) || (view.state === 'failed' && view.counts.created === 0);
  const previewedAsShown =
    view.state === 'previewed' && sameSettings(settingsOf(view, defaultCountry), settings);
  const confirmUndo = () =>
    modals.openConfirmModal({
      title: 'Undo import',
      children: (
        <Text size="sm">
          The {formatCount(view.counts.created)} records this import created will be deactivated, and the
          fields it updated put back unless someone has changed them since.
        </Text>
      ),
      labels: { confirm: 'Undo import', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => undo.mutate(undefined),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1}>Import {view.filename}</Title>
          <Text size="sm" c="dimmed">
            {formatCount(view.totalRows)} rows · by {view.user.name} · {formatDateTime(view.createdAt)}
          </Text>
        </Stack>
        <Group>
          <Badge size="lg" variant="light" data-testid="import-state">
            {STATE_LABELS[view.state] ?? view.state}
          </Badge>
          <Anchor component={Link} to="/imports">
            Import history
          </Anchor>
        </Group>
      </Group>

      {view.error && (
        <Alert color="red" title="The import stopped">
          {view.error}
        </Alert>
      )}
      {view.progress && <ImportProgress progress={view.progress} />}

      {editable && (
        <>
          <Title order={3}>Columns</Title>
          <MappingTable
            view={view}
            mapping={settings.mapping}
            onChange={(mapping) => setSettings({ ...settings, mapping })}
          />
          <DefaultCountrySelect
            value={settings.country}
            onChange={(country) => setSettings({ ...settings, country })}
          />
          <RunOptions settings={settings} onChange={setSettings} />
          <Group justify="flex-end">
            <Button
              variant={previewedAsShown ? 'default' : 'filled'}
              onClick={() => {
                awaitingPreview.current = true;
                preview.mutate(settings);
              }}
              loading={preview.isPending}
            >
              Preview
            </Button>
            <Button onClick={() => run.mutate(settings)} disabled={!previewedAsShown} loading={run.isPending}>
              Run import
            </Button>
          </Group>
        </>
      )}

      {view.preview && ['previewed'].includes(view.state) && (
        <>
          <Title
            order={3}
            ref={previewHeading}
            style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 12px)' }}
          >
            Preview
          </Title>
          {!previewedAsShown && (
            <Alert color="yellow">
              The settings changed since this preview: preview again before running.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, md: 6 }}>
            <Count label="New" value={view.preview.create} colour="green" />
            <Count label="Updates" value={view.preview.update} colour="blue" />
            <Count label="Skipped" value={view.preview.skip} />
            <Count label="Errors" value={view.preview.error} colour="red" />
            <Count label="Duplicates in file" value={view.preview.duplicates.inFile} />
            <Count label="Duplicates in CRM" value={view.preview.duplicates.inDatabase} />
          </SimpleGrid>
          <ImportRowsTable importId={id} phase="preview" total={view.totalRows} fields={view.fields} />
          {view.preview.error + view.preview.skip > 0 && (
            <Group>
              <FailedRowsButton importId={id} />
            </Group>
          )}
        </>
      )}

      {['running', 'done', 'undoing', 'undone'].includes(view.state) && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Count label="Created" value={view.counts.created} colour="green" />
            <Count label="Updated" value={view.counts.updated} colour="blue" />
            <Count label="Skipped" value={view.counts.skipped} />
            <Count label="Errors" value={view.counts.errors} colour="red" />
          </SimpleGrid>
          <Group>
            <Button component={Link} to={listPathOf(view)} variant="default">
              Open the list
            </Button>
            {view.state === 'done' && (view.entity === 'contacts' || isAdmin) && (
              <Button color="red" variant="light" onClick={confirmUndo} loading={undo.isPending}>
                Undo import
              </Button>
            )}
            {view.state === 'done' && view.entity === 'agencies' && !isAdmin && (
              <Text size="sm" c="dimmed">
                Only an administrator can undo a partner import.
              </Text>
            )}
          </Group>
        </>
      )}

      {view.state === 'undone' && view.undo && (
        <>
          <Title order={3}>Undo</Title>
          <Text>
            {formatCount(view.undo.deactivated)} created records deactivated,{' '}
            {formatCount(view.undo.restored)} updated records put back, {formatCount(view.undo.kept)} with
            fields changed since the import (kept as they are, listed below).
          </Text>
          <ImportRowsTable importId={id} phase="undo" total={view.counts.created + view.counts.updated} />
        </>
      )}
      {view.state === 'done' && (view.counts.errors > 0 || view.counts.skipped > 0) && (
        <>
          <Group justify="space-between">
            <Title order={3}>Rows not imported</Title>
            <FailedRowsButton importId={id} />
          </Group>
          <ImportRowsTable
            importId={id}
            phase="run"
            total={view.counts.errors + view.counts.skipped}
            fields={view.fields}
          />
        </>
      )}
    </Stack>
  );
}
