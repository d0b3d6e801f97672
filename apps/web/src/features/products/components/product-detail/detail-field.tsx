import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface DetailFieldProps {
  label: string;
  icon?: ReactNode;
  children: ReactNode;
}

/** A label and its value on one line of a detail card. */
export function DetailField({ label, icon, children }: DetailFieldProps) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {icon && (
        <Text c="dimmed" component="span" mt={2} display="flex">
          {icon}
        </Text>
      )}
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}
