import { Card, Tabs } from '@mantine/core';
import { IconFiles, IconHistory, IconNotes } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ActivitiesTab, FilesTab, NotesTab, recordParent } from '../../../components/record-tabs';
import { contactFieldLabel, contactValueLabel } from './contact-detail-labels';

/** 001 §2.4: Notes, Activities (the edit history) and Files of one contact. */
export function ContactDetailTabs({ contactId }: { contactId: number }) {
  const parent = useMemo(() => recordParent('contacts', contactId), [contactId]);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Tabs defaultValue="notes" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="notes" leftSection={<IconNotes size={16} />}>
            Notes
          </Tabs.Tab>
          <Tabs.Tab value="activities" leftSection={<IconHistory size={16} />}>
            Activities
          </Tabs.Tab>
          <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
            Files
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notes">
          <NotesTab parent={parent} />
        </Tabs.Panel>
        <Tabs.Panel value="activities">
          <ActivitiesTab parent={parent} fieldLabel={contactFieldLabel} valueLabel={contactValueLabel} />
        </Tabs.Panel>
        <Tabs.Panel value="files">
          <FilesTab parent={parent} emptyText="No files uploaded for this contact." />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
