import { Button, Group, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconUserOff } from '@tabler/icons-react';

interface ContactDetailHeaderProps {
  title: string;
  onBack: () => void;
  /** Leads only. */
  onConvert?: () => void;
  /** Admins only: the list's Deactivate, named the same here. */
  onDelete?: () => void;
}

/** 'Lead Details' or 'Customer Details' with Back, and Convert and Deactivate where they apply. */
export function ContactDetailHeader({ title, onBack, onConvert, onDelete }: ContactDetailHeaderProps) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm" align="center">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <Title order={1}>{title}</Title>
      </Group>
      <Group gap="sm">
        {onConvert && (
          <Button color="teal" leftSection={<IconArrowsExchange size={16} />} onClick={onConvert}>
            Convert to Customer
          </Button>
        )}
        {onDelete && (
          <Button color="red" variant="light" leftSection={<IconUserOff size={16} />} onClick={onDelete}>
            Deactivate
          </Button>
        )}
      </Group>
    </Group>
  );
}
