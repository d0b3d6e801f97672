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
import { dealFieldLabel } from './deal-field-labels';

/** A deal's notes, history, files and tasks: the shared record tabs, for the parent /api/deals/{id}. */
export function DealRecordTabs({ dealId }: { dealId: number }) {
  const parent = useMemo(() => recordParent('deals', dealId), [dealId]);
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
          label: 'History',
          icon: <IconHistory size={16} />,
          panel: <ActivitiesTab parent={parent} fieldLabel={dealFieldLabel} />,
        },
        {
          value: 'files',
          label: 'Files',
          icon: <IconFiles size={16} />,
          panel: <FilesTab parent={parent} emptyText="No files uploaded for this deal." />,
        },
        {
          value: 'tasks',
          label: 'Tasks',
          icon: <IconChecklist size={16} />,
          panel: <TasksTab parent={parent} record={{ dealId }} />,
        },
      ]}
    />
  );
}
