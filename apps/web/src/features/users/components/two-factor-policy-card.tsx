import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@crm/domain';
import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { fetchTwoFactorPolicy, saveTwoFactorPolicy, twoFactorAdminKeys } from '../api/two-factor-admin';

const LABELS: Record<TwoFactorPolicy, string> = { off: 'Off', admins: 'Admins', everyone: 'Everyone' };

/** The installation's rule: who must use two-factor sign-in. Those without it set it up at next sign-in. */
export function TwoFactorPolicyCard() {
  const queryClient = useQueryClient();
  const policy = useQuery({
    queryKey: twoFactorAdminKeys.policy,
    queryFn: ({ signal }) => fetchTwoFactorPolicy(signal),
  });
  const save = useMutation({
    mutationFn: saveTwoFactorPolicy,
    onSuccess: (saved) => {
      queryClient.setQueryData(twoFactorAdminKeys.policy, saved);
      toast.success('Two-factor requirement saved');
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the two-factor requirement')),
  });
  const value = save.isPending ? save.variables : policy.data?.required;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="two-factor-policy-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="two-factor-policy-title">
          Require two-factor sign-in
        </Title>
        <Text size="sm" c="dimmed" id="two-factor-policy-help">
          Who must enter a code from an authenticator app after their password. Anyone it applies to who has
          not set it up is led through it at their next sign-in.
        </Text>
        <SegmentedControl
          aria-labelledby="two-factor-policy-title"
          aria-describedby="two-factor-policy-help"
          data={TWO_FACTOR_POLICIES.map((each) => ({ value: each, label: LABELS[each] }))}
          value={value ?? 'off'}
          disabled={policy.isPending || save.isPending}
          onChange={(next) => save.mutate(next as TwoFactorPolicy)}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
    </Card>
  );
}
