import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBuilding,
  IconCategory,
  IconMail,
  IconPencil,
  IconPhone,
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RichTextView } from '../../../components/record-tabs';
import type { Contact } from '../api/contact-types';
import type { ContactFeatures } from '../api/fetch-contact-features';
import { ContactDetailFieldsGrid } from './contact-detail-fields-grid';
import { formatPhone, initialsOf } from './contact-detail-format';

interface ContactDetailCardProps {
  contact: Contact;
  features: ContactFeatures;
  onEdit: () => void;
}

function DetailLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden="true">
        {icon}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

const none = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** Avatar, name, the detail list (agency, email, phone, source, service category) and the other fields. */
export function ContactDetailCard({ contact, features, onEdit }: ContactDetailCardProps) {
  const name = `${contact.name} ${contact.surname}`.trim();
  return (
    <Card withBorder radius="lg" padding="xl">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Avatar size={64} radius="xl" color="blue" variant="filled">
            {initialsOf(contact)}
          </Avatar>
          <Stack gap={4}>
            <Title order={2} fz="h3">
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

      <Stack gap="sm" mt="lg">
        <DetailLine icon={<IconBuilding size={18} />} label="Agency">
          {contact.agency?.name ?? 'Direct (No Agency)'}
        </DetailLine>
        <DetailLine icon={<IconMail size={18} />} label="Email">
          {contact.email ? <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor> : none}
        </DetailLine>
        <DetailLine icon={<IconPhone size={18} />} label="Phone">
          <Anchor href={`tel:+${contact.phone}`}>{formatPhone(contact.phone)}</Anchor>
        </DetailLine>
        <DetailLine icon={<IconSpeakerphone size={18} />} label="Source">
          {contact.source ?? none}
        </DetailLine>
        {features.serviceCategory && (
          <DetailLine icon={<IconCategory size={18} />} label="Service Category">
            {contact.serviceCategory ?? none}
          </DetailLine>
        )}
      </Stack>

      <Divider my="lg" />
      <ContactDetailFieldsGrid contact={contact} showRoomNumber={features.roomNumber} />

      {contact.notes && (
        <>
          <Divider my="lg" label="Notes" labelPosition="left" />
          <RichTextView html={contact.notes} />
        </>
      )}
    </Card>
  );
}
