import { Center, Loader } from '@mantine/core';
import { IconBriefcase, IconChecklist, IconFiles, IconHistory, IconNotes } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import {
  ActivitiesTab,
  FilesTab,
  NotesTab,
  RecordTabsCard,
  recordParent,
  TasksTab,
} from '../../../components/record-tabs';
import { contactFieldLabel, contactValueLabel } from './contact-detail-labels';

// The deals feature's tab, fetched when the tab opens: the contact's page carries no deal code.
const ContactDealsTab = lazy(async () => ({
  default: (await import('../../deals/components/contact-deals-tab')).ContactDealsTab,
}));

/** 001 §2.4: Notes, Activities (the edit history) and Files of one contact; then its Tasks and Deals. */
export function ContactDetailTabs({ contactId }: { contactId: number }) {
  const parent = useMemo(() => recordParent('contacts', contactId), [contactId]);
  return (
    <RecordTabsCard
      tabs={[
        {
          value: 'notes',
          label: 'Notes',
          icon: <IconNotes size={16} />,
          panel: <NotesTab parent={parent} />,
        },
        {
          value: 'activities',
          label: 'Activities',
          icon: <IconHistory size={16} />,
          panel: (
            <ActivitiesTab parent={parent} fieldLabel={contactFieldLabel} valueLabel={contactValueLabel} />
          ),
        },
        {
          value: 'files',
          label: 'Files',
          icon: <IconFiles size={16} />,
          panel: <FilesTab parent={parent} emptyText="No files uploaded for this contact." />,
        },
        {
          value: 'tasks',
          label: 'Tasks',
          icon: <IconChecklist size={16} />,
          panel: <TasksTab parent={parent} record={{ contactId }} />,
        },
        {
          value: 'deals',
          label: 'Deals',
          icon: <IconBriefcase size={16} />,
          panel: (
            <Suspense
              fallback={
                <Center h={120}>
                  <Loader size="sm" aria-label="Loading deals" />
                </Center>
              }
            >
              <ContactDealsTab contactId={contactId} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
