import { Stack, Title } from '@mantine/core';
import { useCurrentUser } from '../../../lib/session-context';
import { AgencyForm } from '../components/agency-form';
import { newAgencyValues } from '../components/agency-form-values';
import { useSubmitAgency } from '../use-submit-agency';

export function NewAgencyPage() {
  const user = useCurrentUser();
  const submit = useSubmitAgency(undefined);
  return (
    <Stack gap="lg">
      <Title order={1}>Add New Partner</Title>
      <AgencyForm
        initialValues={newAgencyValues(user.id)}
        currentReps={[{ id: user.id, name: user.name }]}
        cancelTo="/agencies"
        onSubmit={submit}
      />
    </Stack>
  );
}
