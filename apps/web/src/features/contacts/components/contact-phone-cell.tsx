import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { usePhoneFormat } from '../../../lib/phone-display';

/** The phone, a WhatsApp link built from its digits and a tel: link (001 §2.2). */
export function ContactPhoneCell({ phone }: { phone: string }) {
  const displayPhone = usePhoneFormat();
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" truncate="end">
        {displayPhone(digits)}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="WhatsApp">
          <ActionIcon
            component="a"
            href={`https://wa.me/${digits}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="green"
            size="sm"
            aria-label={`WhatsApp +${digits}`}
          >
            <IconBrandWhatsapp size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Call">
          <ActionIcon
            component="a"
            href={`tel:+${digits}`}
            variant="subtle"
            size="sm"
            aria-label={`Call +${digits}`}
          >
            <IconPhone size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
