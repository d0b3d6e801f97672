import { IconChecklist, IconFiles, IconHistory, IconNotes } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  ActivitiesTab,
  FilesTab,
  NotesTab,
  RecordTabsCard,
  recordParent,
  TasksTab,
} from '../../../components/record-tabs';
import { contactFieldLabel, contactValueLabel } from './contact-detail-labels';

/** 001 §2.4: Notes, Activities (the edit history) and Files of one contact; then its Tasks. */
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
      ]}
    />
  );
}
