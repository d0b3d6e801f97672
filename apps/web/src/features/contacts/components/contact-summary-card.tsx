import { dialString } from '@crm/domain';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconPencil, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPhone, usePhoneFormat } from '../../../lib/format';
import type { Contact } from '../api/contact-types';
import { initialsOf } from './contact-detail-format';

interface ContactSummaryCardProps {
  contact: Contact;
  onEdit: () => void;
}

/** The stored digits with their calling code are what tel: and wa.me want. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * Who the contact is and how to reach them, first on every screen: on a phone this is what a person
 * opens a contact for, so the call, WhatsApp and mail buttons come before the tabs and the fields.
 */
export function ContactSummaryCard({ contact, onEdit }: ContactSummaryCardProps) {
  const phoneFormat = usePhoneFormat();
  const name = `${contact.name} ${contact.surname}`.trim();
  const digits = digitsOf(contact.phone);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="contact-summary">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar size={56} radius="xl" color="blue" variant="filled">
            {initialsOf(contact)}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={2} fz="h3" style={{ wordBreak: 'break-word' }}>
              {name}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color={contact.type === 'LEAD' ? 'blue' : 'teal'}>
                {contact.type === 'LEAD' ? 'Lead' : 'Customer'}
              </Badge>
              {!contact.isActive && (
                <Badge variant="light" color="gray">
                  Inactive
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Tooltip label="Edit contact">
          <ActionIcon variant="light" size="lg" aria-label="Edit contact" onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <Stack gap={4} mt="md">
        {digits && (
          <Anchor href={`tel:${dialString(digits)}`} size="sm" data-testid="summary-phone">
            {formatPhone(contact.phone, phoneFormat)}
          </Anchor>
        )}
        {contact.email && (
          <Anchor
            href={`mailto:${contact.email}`}
            size="sm"
            data-testid="summary-email"
            style={{ wordBreak: 'break-all' }}
          >
            {contact.email}
          </Anchor>
        )}
      </Stack>

      <SimpleGrid cols={3} spacing="xs" mt="md" maw={480}>
        {digits && (
          <ReachButton
            href={`tel:${dialString(digits)}`}
            icon={<IconPhone size={18} />}
            label="Call"
            color="blue"
          />
        )}
        {digits && (
          <ReachButton
            href={`https://wa.me/${digits}`}
            icon={<IconBrandWhatsapp size={18} />}
            label="WhatsApp"
            color="green"
            external
          />
        )}
        {contact.email && (
          <ReachButton
            href={`mailto:${contact.email}`}
            icon={<IconMail size={18} />}
            label="Mail"
            color="grape"
          />
        )}
      </SimpleGrid>
    </Card>
  );
}

interface ReachButtonProps {
  href: string;
  icon: ReactNode;
  label: string;
  color: string;
  /** Opens in a new tab (WhatsApp's page), not in place of the CRM. */
  external?: boolean;
}

/** The icon above its word, so that three fit side by side on a 390 px phone. */
function ReachButton({ href, icon, label, color, external = false }: ReachButtonProps) {
  return (
    <Button
      component="a"
      href={href}
      // Default buttons keep the words at full contrast in both schemes; the icon carries the colour.
      variant="default"
      h="auto"
      py={6}
      px={4}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Stack gap={2} align="center">
        <Text span c={`${color}.7`} lh={0} aria-hidden="true">
          {icon}
        </Text>
        <span>{label}</span>
      </Stack>
    </Button>
  );
}
