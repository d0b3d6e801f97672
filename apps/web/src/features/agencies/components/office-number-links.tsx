import { dialString, formatPhoneDigits } from '@crm/domain';
import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';

/** "+90 532 123 45 67" for "905321234567"; the bare digits with a plus when they do not parse. */
export const formatOfficeNumber = formatPhoneDigits;

/** An office number as a telephone link, with a WhatsApp (wa.me) link beside it (002 §2). */
export function OfficeNumberLinks({ officeNumber }: { officeNumber: string }) {
  const digits = officeNumber.replace(/\D/g, '');
  if (!digits) return <Text size="sm">-</Text>;
  const shown = formatOfficeNumber(digits);
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Tooltip label="WhatsApp">
        <ActionIcon
          component="a"
          href={`https://wa.me/${digits}`}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="green"
          size="md"
          aria-label={`WhatsApp ${shown}`}
        >
          <IconBrandWhatsapp size={16} />
        </ActionIcon>
      </Tooltip>
      <Anchor href={`tel:${dialString(digits)}`} size="sm" truncate="end" aria-label={`Call ${shown}`}>
        {shown}
      </Anchor>
    </Group>
  );
}
