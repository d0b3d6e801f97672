import { dialString } from '@crm/domain';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { CellText } from '../../../components/data-table';
import { usePhoneFormat } from '../../../lib/phone-display';
import classes from './contact-phone-cell.module.css';

interface ContactPhoneCellProps {
  phone: string;
  /** On a phone's card: the number beside two large buttons, easy to tap. */
  large?: boolean;
}

/** The phone, a WhatsApp link built from its digits and a tel: link (001 §2.2). */
export function ContactPhoneCell({ phone, large = false }: ContactPhoneCellProps) {
  const displayPhone = usePhoneFormat();
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  const buttons = (
    <>
      <ActionIcon
        component="a"
        href={`https://wa.me/${digits}`}
        target="_blank"
        rel="noopener noreferrer"
        variant={large ? 'light' : 'subtle'}
        color="green"
        size={large ? 'xl' : 'sm'}
        aria-label={`WhatsApp ${dialString(digits)}`}
        // A native tooltip: Mantine's would add its positioning code to every list.
        title="WhatsApp"
      >
        <IconBrandWhatsapp size={large ? 22 : 16} />
      </ActionIcon>
      <ActionIcon
        component="a"
        href={`tel:${dialString(digits)}`}
        variant={large ? 'light' : 'subtle'}
        size={large ? 'xl' : 'sm'}
        aria-label={`Call ${dialString(digits)}`}
        title="Call"
      >
        <IconPhone size={large ? 22 : 16} />
      </ActionIcon>
    </>
  );
  if (large) {
    return (
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" truncate="end">
          {displayPhone(digits)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {buttons}
        </Group>
      </Group>
    );
  }
  // In a row of the list: plain elements, drawn in every row (see CellText).
  return (
    <div className={classes.cell}>
      <CellText>{displayPhone(digits)}</CellText>
      <div className={classes.links}>{buttons}</div>
    </div>
  );
}
