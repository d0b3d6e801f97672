import { dealMessages } from '@crm/domain';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/session-context';
import { useDeal } from '../api/use-deal';
import { DealEditModal } from './deal-edit-modal';
import { DealHeader } from './deal-header';
import { DealLinesCard } from './deal-lines-card';
import { DealRecordTabs } from './deal-record-tabs';
import { DealStatusButton } from './deal-status-button';

// The contacts' conversion dialog and its rules, fetched only when a lead's deal is won here.
const WonConversion = lazy(async () => ({
  default: (await import('../board/won-conversion')).WonConversion,
}));

function parseId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /deals/{id}: the deal, its product lines and its notes, history, files and tasks. */
export function DealDetailPage() {
  const id = parseId(useParams().id);
  return <DealScreen key={id ?? 0} id={id} />;
}

function DealScreen({ id }: { id: number | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const deal = useDeal(id);
  const isAdmin = useCurrentUser().role === 'admin';
  const [editing, setEditing] = useState(false);
  // A lead whose deal was just won is offered conversion, as on the board.
  const [converting, setConverting] = useState<number | null>(null);
  // A page opened directly has nothing to go back to: the board stands in.
  const back = () => (location.key === 'default' ? navigate('/deals') : navigate(-1));

  let body: React.ReactNode;
  if (id === undefined || (deal.isError && deal.error instanceof ApiError && deal.error.status === 404)) {
    body = <Text c="dimmed">{dealMessages.dealNotFound}</Text>;
  } else if (deal.isError) {
    body = <Text c="red">{deal.error.message}</Text>;
  } else if (!deal.data) {
    body = (
      <Center h={200}>
        <Loader aria-label="Loading deal" />
      </Center>
    );
  } else {
    body = (
      <>
        <DealHeader
          deal={deal.data}
          onEdit={() => setEditing(true)}
          statusAction={isAdmin ? <DealStatusButton deal={deal.data} /> : undefined}
        />
        <DealLinesCard deal={deal.data} />
        <DealRecordTabs dealId={deal.data.id} />
        {editing && (
          <DealEditModal
            deal={deal.data}
            onClose={() => setEditing(false)}
            onSaved={(before, after) => {
              if (before.stage.kind !== 'won' && after.stage.kind === 'won' && after.contact.type === 'LEAD')
                setConverting(after.contactId);
            }}
          />
        )}
        {converting !== null && (
          <Suspense fallback={null}>
            <WonConversion contactId={converting} onDone={() => setConverting(null)} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
          Back
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
