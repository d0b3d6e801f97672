import type { ContactType } from '@crm/domain';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSubmitContact } from '../api/use-submit-contact';
import { ContactForm } from '../components/contact-form';
import { CONTACT_LABELS } from '../components/contact-list-labels';

/** /new-lead and /new-customer (001 §2.3): after a create the form starts again, empty. */
export function NewContactPage({ type }: { type: ContactType }) {
  const navigate = useNavigate();
  const [formKey, setFormKey] = useState(0);
  const submit = useSubmitContact(() => setFormKey((key) => key + 1));

  return (
    <Stack gap="lg" maw={960}>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
          Back
        </Button>
        <Title order={1}>Add New {CONTACT_LABELS[type].singular}</Title>
      </Group>
      <ContactForm key={`${type}-${formKey}`} type={type} onSubmit={submit} />
    </Stack>
  );
}
