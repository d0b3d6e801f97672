import { Button, Card, Divider, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { RichTextView } from '../../../components/record-tabs';
import { usePhoneFormat } from '../../../lib/format';
import type { Contact } from '../api/contact-types';
import type { ContactFeatures } from '../api/use-contact-features';
import { useInlineContactEdit } from '../api/use-inline-contact-edit';
import { contactDetailGroups } from './contact-field-groups';
import { InlineField } from './inline-field';

interface ContactRecordCardProps {
  contact: Contact;
  features: ContactFeatures;
}

/**
 * The contact's fields in four groups. Fields without a value wait behind "Show empty fields", so
 * the card reads as what is known; a value is edited where it stands (see InlineField).
 */
export function ContactRecordCard({ contact, features }: ContactRecordCardProps) {
  const phoneFormat = usePhoneFormat();
  const edit = useInlineContactEdit(contact, features);
  const [showEmpty, setShowEmpty] = useState(false);
  const groups = contactDetailGroups(contact, features, phoneFormat);
  const emptyCount = groups.flatMap((group) => group.fields).filter((field) => field.text === null).length;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="contact-fields">
      <Stack gap="lg">
        {groups.map((group) => {
          // The field being edited stays, even when it was empty.
          const shown = group.fields.filter(
            (field) =>
              showEmpty || field.text !== null || (field.editor && field.editor.field === edit.field),
          );
          if (shown.length === 0) return null;
          return (
            <section key={group.title} aria-labelledby={`contact-group-${group.title}`}>
              <Title order={3} fz="sm" c="dimmed" mb="xs" id={`contact-group-${group.title}`}>
                {group.title}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
                {shown.map((field) => (
                  <InlineField key={field.key} field={field} edit={edit} />
                ))}
              </SimpleGrid>
            </section>
          );
        })}
        {emptyCount > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowEmpty((current) => !current)}
            aria-expanded={showEmpty}
            style={{ alignSelf: 'flex-start' }}
          >
            {showEmpty ? 'Hide empty fields' : 'Show empty fields'}
          </Button>
        )}
        {contact.notes && (
          <>
            <Divider label="Notes" labelPosition="left" />
            <RichTextView html={contact.notes} />
          </>
        )}
      </Stack>
    </Card>
  );
}
