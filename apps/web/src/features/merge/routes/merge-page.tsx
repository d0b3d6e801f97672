import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { type MergedRecord, type MergeKind, type Side, useMerge, useMergePreview } from '../api/merge-api';
import { MergeFieldTable } from '../components/merge-field-table';
import { MergePreview } from '../components/merge-preview';

const recordPath = (kind: MergeKind, record: MergedRecord) =>
  kind === 'agencies'
    ? `/agency/${record.id}`
    : `/${record.type === 'CUSTOMER' ? 'customer' : 'lead'}/${record.id}`;

const TITLES: Record<MergeKind, { title: string; done: string; noun: string }> = {
  contacts: { title: 'Merge contacts', done: 'Contacts merged', noun: 'contacts' },
  agencies: { title: 'Merge partners', done: 'Partners merged', noun: 'partners' },
};

/** /merge/{contacts|agencies}/:survivorId/:otherId: choose the values to keep, preview, merge (admins). */
export function MergePage() {
  const params = useParams();
  const kind: MergeKind = params.kind === 'agencies' ? 'agencies' : 'contacts';
  const text = TITLES[kind];
  const navigate = useNavigate();
  const [ids, setIds] = useState({ survivorId: Number(params.survivorId), otherId: Number(params.otherId) });
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const preview = useMergePreview({ kind, ...ids, choices });
  const merge = useMerge();

  const swap = () => {
    setIds({ survivorId: ids.otherId, otherId: ids.survivorId });
    setChoices({});
  };
  const data = preview.data;
  const survivorTitle = `Record #${ids.survivorId}`;
  const otherTitle = `Record #${ids.otherId}`;

  const confirm = () =>
    modals.openConfirmModal({
      title: text.title,
      centered: true,
      children: (
        <Text size="sm">
          Merge {data?.merged.name} {data?.merged.surname} into {data?.survivor.name} {data?.survivor.surname}
          ?
        </Text>
      ),
      labels: { confirm: 'Merge', cancel: 'Cancel' },
      onConfirm: () =>
        merge.mutate(
          { kind, ...ids, choices },
          {
            onSuccess: (result) => {
              toast.success(text.done);
              navigate(recordPath(kind, result.survivor), { replace: true });
            },
            onError: (error) => toast.error(errorMessage(error, `Could not merge the ${text.noun}`)),
          },
        ),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{text.title}</Title>
        <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={swap}>
          Keep the other record
        </Button>
      </Group>
      {preview.isError && (
        <Alert color="red">{errorMessage(preview.error, 'Could not prepare the merge')}</Alert>
      )}
      {!data && preview.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading merge" />
        </Center>
      )}
      {data && (
        <>
          <Text>
            Keeping{' '}
            <b>
              {survivorTitle}:{' '}
              {data.fields.find((f) => f.field === 'name')?.survivorValue ?? data.survivor.name}
            </b>{' '}
            and merging {otherTitle}: {data.merged.name} {data.merged.surname ?? ''} into it. For each field
            that differs, choose the value to keep; the newer one is preselected.
          </Text>
          <MergeFieldTable
            fields={data.fields}
            survivorTitle={survivorTitle}
            otherTitle={otherTitle}
            onChoose={(field, side) => setChoices((current) => ({ ...current, [field]: side }))}
          />
          <MergePreview preview={data} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(-1)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={merge.isPending} disabled={preview.isFetching}>
              Merge
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
