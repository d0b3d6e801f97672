import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { useAgency } from '../api/use-agency';
import { AgencyForm } from '../components/agency-form';
import { valuesFromAgency } from '../components/agency-form-values';
import { agencyFromState, parseId } from '../navigation-state';
import { useSubmitAgency } from '../use-submit-agency';

export function EditAgencyPage() {
  const id = parseId(useParams().id);
  const passed = agencyFromState(useLocation().state, id);
  const query = useAgency(id);
  const submit = useSubmitAgency(id);

  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) {
      toast.error(
        error instanceof ApiError && error.status === 404 ? msg.notFoundToast : msg.loadAgencyFailed,
      );
    }
  }, [isError, error, errorUpdatedAt]);

  let content: ReactNode;
  if (id !== undefined && query.data) {
    const agency = query.data;
    content = (
      <AgencyForm
        key="loaded"
        agencyId={id}
        initialValues={valuesFromAgency(agency)}
        initialParent={agency.parentAgency}
        currentReps={agency.assignedSalesReps}
        cancelTo={`/agency/${id}`}
        onSubmit={submit}
      />
    );
  } else if (id !== undefined && query.isPending) {
    content = passed ? (
      // The record from the previous screen, shown while the full one (with sales reps) loads.
      <AgencyForm
        key="passed"
        agencyId={id}
        initialValues={valuesFromAgency(passed)}
        initialParent={passed.parentAgency}
        currentReps={[]}
        cancelTo={`/agency/${id}`}
        loading
        onSubmit={submit}
      />
    ) : (
      <Center h={240}>
        <Loader aria-label="Loading agency" />
      </Center>
    );
  } else {
    content = (
      <Stack align="flex-start" gap="sm">
        <Text c="dimmed">{msg.agencyNotFound}</Text>
        <Button component={Link} to="/agencies" variant="light">
          Back to partners
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Edit Partner</Title>
      {content}
    </Stack>
  );
}
