import { Button, Group, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconTrash } from '@tabler/icons-react';

interface ContactDetailHeaderProps {
  title: string;
  onBack: () => void;
  /** Leads only. */
  onConvert?: () => void;
  /** Admins only. */
  onDelete?: () => void;
}

/** 'Lead Details' or 'Customer Details' with Back, and Convert and Delete where they apply. */
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
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Delete
          </Button>
        )}
      </Group>
    </Group>
  );
}
