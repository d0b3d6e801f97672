import { type DealFormInput, dealMessages } from '@crm/domain';
import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { fetchContactOption } from '../api/deal-options-api';
import { useCurrency } from '../api/use-currency';
import { useDealStages } from '../api/use-deal-stages';
import { useSaveDeal } from '../api/use-save-deal';
import { DealForm } from './deal-form';
import { emptyDealValues } from './deal-form-values';

const readId = (text: string | null) => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * /deals/new: a deal in the first open stage, with its probability; `?contactId=` (a contact's
 * "New deal") chooses the contact and so the partner. After saving, the deal's page opens.
 */
export function NewDealPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const contactId = readId(params.get('contactId'));
  const stages = useDealStages();
  const currency = useCurrency();
  const contact = useQuery({
    queryKey: ['deal-options', 'contact', contactId],
    queryFn: ({ signal }) => fetchContactOption(contactId ?? 0, signal),
    enabled: contactId !== undefined,
    retry: false,
  });
  const save = useSaveDeal(undefined);

  const submit = async (payload: DealFormInput) => {
    try {
      const deal = await save.mutateAsync({ body: payload });
      toast.success(dealMessages.created);
      navigate(`/deals/${deal.id}`, { replace: true });
      return undefined;
    } catch (error) {
      toast.error(errorMessage(error, 'The deal could not be saved'));
      return fieldErrorsOf(error);
    }
  };

  const waiting = stages.isPending || (contactId !== undefined && contact.isPending);
  const firstStage = stages.data?.find((stage) => stage.isActive && stage.kind === 'open');
  const initial = emptyDealValues(contact.data ? contactId : undefined);
  if (firstStage) {
    initial.stageId = String(firstStage.id);
    initial.probability = String(firstStage.probability);
  }
  if (contact.data?.agency) initial.agencyId = String(contact.data.agency.id);

  return (
    <Stack gap="lg" maw={1080}>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
          Back
        </Button>
        <Title order={1}>New deal</Title>
      </Group>
      {stages.isError && (
        <Alert color="red" role="alert">
          {errorMessage(stages.error, 'The stages could not be loaded')}
        </Alert>
      )}
      {waiting ? (
        <Center h={200}>
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <DealForm
          initial={initial}
          contact={contact.data ?? null}
          partner={contact.data?.agency ?? null}
          currency={currency}
          onSubmit={submit}
          submitLabel="Create deal"
          actions={
            <Button variant="default" onClick={() => navigate(-1)}>
              Cancel
            </Button>
          }
        />
      )}
    </Stack>
  );
}
