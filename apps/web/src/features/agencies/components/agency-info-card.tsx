import { enumLabel } from '@crm/domain';
import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Agency, AgencyDuplicates } from '../api/agency-types';
import { AgencyStatusBadge } from './agency-status-badge';
import { DuplicateWarning } from './duplicate-warning';
import { OfficeNumberLinks } from './office-number-links';

interface AgencyInfoCardProps {
  agency: Agency;
  duplicates: AgencyDuplicates | undefined;
  /** Opens the Edit agency info dialog; absent until the full record has loaded. */
  onEdit?: () => void;
  /** Shown beside each agency of the duplicate banner (the admin's Merge). */
  duplicateAction?: (agency: AgencyDuplicates['agencies'][number]) => ReactNode;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children || '-'}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/** 002 §2 partner detail card: avatar, duplicate warning, the agency's fields and the edit pencil. */
export function AgencyInfoCard({ agency, duplicates, onEdit, duplicateAction }: AgencyInfoCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar size={56} radius="xl" color="indigo" aria-hidden="true">
              {agency.name.trim().charAt(0).toUpperCase()}
            </Avatar>
            <Stack gap={4} miw={0}>
              <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
                {agency.name}
              </Title>
              <Group gap="xs">
                <AgencyStatusBadge active={agency.isActive} />
                <Badge variant="light" color="gray">
                  {agency.parentAgency ? `Sub-agency of ${agency.parentAgency.name}` : 'Main'}
                </Badge>
              </Group>
            </Stack>
          </Group>
          <Tooltip label="Edit agency info">
            <ActionIcon
              variant="light"
              size="lg"
              aria-label="Edit agency info"
              onClick={onEdit}
              disabled={!onEdit}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <DuplicateWarning duplicates={duplicates} action={duplicateAction} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="md">
          <Field label="Email">{agency.email}</Field>
          <Field label="Office Number">
            <OfficeNumberLinks officeNumber={agency.officeNumber} />
          </Field>
          <Field label="Commission Rate">{`${agency.commissionRate}%`}</Field>
          <Field label="Country">{agency.country}</Field>
          <Field label="City">{agency.city}</Field>
          <Field label="Size">{enumLabel(agency.type)}</Field>
          <Field label="Created By">{agency.createdBy ?? ''}</Field>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
