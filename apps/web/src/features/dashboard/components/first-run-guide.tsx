import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconUpload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { preloadProps } from '../../../app/route-preload';
import { useCurrentUser } from '../../../lib/session-context';

const STEPS = [
  {
    to: '/new-user',
    label: 'Add users',
    hint: 'Accounts for your colleagues',
    icon: IconUsers,
    adminOnly: true,
  },
  {
    to: '/new-agency',
    label: 'Add a partner',
    hint: 'An agency that refers contacts',
    icon: IconBuildingCommunity,
    adminOnly: false,
  },
  { to: '/new-lead', label: 'Add a lead', hint: 'Your first contact', icon: IconUserPlus, adminOnly: false },
  {
    to: '/imports/new?entity=contacts&type=LEAD',
    label: 'Import leads',
    hint: 'Leads from a CSV or Excel file',
    icon: IconUpload,
    adminOnly: false,
  },
] as const;

/** On an empty database, what to do first; the charts take its place once a contact exists. */
export function FirstRunGuide() {
  const isAdmin = useCurrentUser().role === 'admin';
  const steps = STEPS.filter((step) => isAdmin || !step.adminOnly);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="first-run-title">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="first-run-title">
          Getting started
        </Title>
        <Text size="sm" c="dimmed">
          There are no contacts yet. Add your colleagues and partners, then a first lead or a file of them;
          the charts appear with the first lead.
        </Text>
        <Group gap="sm">
          {steps.map((step) => (
            <Button
              key={step.to}
              component={Link}
              to={step.to}
              variant="light"
              leftSection={<step.icon size={18} />}
              title={step.hint}
              {...preloadProps(step.to)}
            >
              {step.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
