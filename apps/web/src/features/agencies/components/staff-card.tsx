import { Button, Card, Center, Checkbox, Group, Loader, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { ActiveAction } from '../api/agency-types';
import { useStaff } from '../api/use-staff';
import { useBulkSetStaff, useToggleStaff } from '../api/use-staff-actions';
import { idsToChange } from '../status-changes';
import { AddStaffDialog } from './add-staff-dialog';
import { BulkStatusButtons } from './bulk-status-buttons';
import { StaffMemberRow } from './staff-member-row';

interface StaffCardProps {
  agencyId: number;
  isAdmin: boolean;
}

/** 002 §2 staff card; admins also toggle members singly or in bulk and add staff. */
export function StaffCard({ agencyId, isAdmin }: StaffCardProps) {
  const staff = useStaff(agencyId);
  const members = staff.data ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const toggle = useToggleStaff(agencyId);
  const bulk = useBulkSetStaff(agencyId, () => setSelected([]));

  const select = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );
  const allSelected = members.length > 0 && members.every((member) => selected.includes(member.id));

  const runBulk = (action: ActiveAction) => {
    const staffIds = idsToChange(
      members.filter((member) => selected.includes(member.id)),
      action,
    );
    if (staffIds.length === 0) toast.info(msg.nothingToUpdate);
    else bulk.mutate({ staffIds, action });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="xs" gap="sm">
        <Group gap="sm">
          {isAdmin && (
            <Checkbox
              aria-label="Select all staff"
              checked={allSelected}
              indeterminate={selected.length > 0 && !allSelected}
              disabled={members.length === 0}
              onChange={() => setSelected(allSelected ? [] : members.map((member) => member.id))}
            />
          )}
          <Title order={2} fz="h4">
            Staff
          </Title>
          {staff.data && (
            <Text size="sm" c="dimmed">
              ({members.length})
            </Text>
          )}
        </Group>
        {isAdmin && (
          <Group gap="xs">
            <BulkStatusButtons selectedCount={selected.length} busy={bulk.isPending} onAction={runBulk} />
            <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setAdding(true)}>
              Add Staff
            </Button>
          </Group>
        )}
      </Group>
      {staff.isPending ? (
        <Center h={60}>
          <Loader size="sm" aria-label="Loading staff" />
        </Center>
      ) : staff.isError ? (
        <Text c="dimmed" size="sm">
          {msg.fetchStaffFailed}
        </Text>
      ) : members.length === 0 ? (
        <Text c="dimmed" size="sm">
          {msg.noStaff}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Staff">
          {members.map((member) => (
            <StaffMemberRow
              key={member.id}
              member={member}
              admin={
                isAdmin
                  ? {
                      selected: selected.includes(member.id),
                      onSelect: () => select(member.id),
                      onToggle: () => toggle.mutate(member.id),
                      busy: toggle.isPending && toggle.variables === member.id,
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      {isAdmin && (
        <AddStaffDialog
          agencyId={agencyId}
          staffContactIds={members.map((member) => member.contact.id)}
          opened={adding}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}
