import { twoFactorMessages } from '@crm/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { fetchUserTwoFactor, resetUserTwoFactor, twoFactorAdminKeys } from '../api/two-factor-admin';

/** On the admin's edit screen: whether the user has a second factor, and resetting it (a lost phone). */
export function TwoFactorResetCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const key = twoFactorAdminKeys.user(userId);
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchUserTwoFactor(userId, signal) });
  const reset = useMutation({
    mutationFn: () => resetUserTwoFactor(userId),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      toast.success(twoFactorMessages.reset);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to reset two-factor sign-in')),
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Reset two-factor sign-in?',
      children: (
        <Text size="sm">
          The user’s authenticator and recovery codes stop working and they are signed out everywhere. They
          can sign in with their password and set it up again.
        </Text>
      ),
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => reset.mutate(),
    });

  if (!status.data) return null;
  const { enabled } = status.data;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="two-factor-reset-title"
      maw={720}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4" id="two-factor-reset-title">
            Two-factor sign-in
          </Title>
          <Badge color={enabled ? 'teal' : 'gray'} variant="light">
            {enabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {enabled
              ? `${status.data.recoveryCodesLeft} recovery codes left.`
              : 'This user signs in with their password alone.'}
          </Text>
          {enabled && (
            <Button variant="light" color="red" onClick={confirm} loading={reset.isPending}>
              Reset second factor
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
