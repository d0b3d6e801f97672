import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EMPTY_VALUE, formatDate } from '../../../lib/format';
import type { Deal } from '../api/deal-types';
import { formatDealMoney } from '../api/format-deal-money';
import { contactPath, partnerPath } from '../components/deal-links';
import { StageBadge } from '../components/stage-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The deal's title, stage, money and people, with Edit. */
interface DealHeaderProps {
  deal: Deal;
  onEdit: () => void;
  /** An admin's Deactivate or Activate, beside Edit. */
  statusAction?: ReactNode;
}

export function DealHeader({ deal, onEdit, statusAction }: DealHeaderProps) {
  const money = (amount: number) => formatDealMoney(amount, deal.currency);
  const weighted = Math.round(deal.amount * deal.probability) / 100;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" align="flex-start" mb="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {deal.title}
            </Title>
            <StageBadge stage={deal.stage} />
            {!deal.isActive && <Badge color="gray">Inactive</Badge>}
          </Group>
          <Group gap="lg">
            <Text fw={700} size="xl" data-testid="deal-amount">
              {money(deal.amount)}
            </Text>
            <Text c="dimmed" size="sm">
              {deal.probability} % · weighted {money(weighted)}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {statusAction}
          <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Field label="Contact">
          <Anchor component={Link} to={contactPath(deal.contact)}>
            {deal.contact.name}
          </Anchor>
        </Field>
        <Field label="Partner">
          {deal.agency ? (
            <Anchor component={Link} to={partnerPath(deal.agency.id)}>
              {deal.agency.name}
            </Anchor>
          ) : (
            EMPTY_VALUE
          )}
        </Field>
        <Field label="Owner">{deal.owner.name}</Field>
        <Field label="Assigned to">{deal.assignedTo?.name ?? EMPTY_VALUE}</Field>
        <Field label="Expected close date">{formatDate(deal.expectedCloseDate) || EMPTY_VALUE}</Field>
        <Field label="Source">{deal.source ?? EMPTY_VALUE}</Field>
        {deal.wonDate && <Field label="Won date">{formatDate(deal.wonDate)}</Field>}
        {deal.stage.kind === 'lost' && (
          <Field label="Lost reason">
            {[deal.lostReason?.name, deal.lostReasonText].filter(Boolean).join(': ') || EMPTY_VALUE}
          </Field>
        )}
      </SimpleGrid>
    </Card>
  );
}
