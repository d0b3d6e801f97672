import { Center, Loader } from '@mantine/core';
import {
  IconBriefcase,
  IconChecklist,
  IconFiles,
  IconHistory,
  IconNote,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import {
  ActivitiesTab,
  FilesTab,
  type HistoryEntry,
  type NotesMessages,
  NotesTab,
  RecordTabsCard,
  TasksTab,
} from '../../../components/record-tabs';
import { agencyRecord } from '../api/agency-record';
import { AgencyHistoryEntry } from './agency-history-entry';
import { CustomersTab } from './customers-tab';

// The deals feature's tab, fetched when the tab opens: the partner's page carries no deal code.
const AgencyDealsTab = lazy(async () => ({
  default: (await import('../../deals/components/agency-deals-tab')).AgencyDealsTab,
}));

/** 002 §8: a partner's note failure reads 'Failed: {error}', or this when the server said nothing. */
const AGENCY_NOTES_MESSAGES: Partial<NotesMessages> = {
  addFailed: (serverError) =>
    serverError ? `Failed: ${serverError}` : 'An error occurred while submitting the note',
};

const renderEntry = (entry: HistoryEntry) => <AgencyHistoryEntry entry={entry} />;

/**
 * Notes, Activities, Customers, Files, Tasks and Deals of one agency; Customers and Deals are its
 * own, the rest the shared record tabs.
 */
export function AgencyTabs({ agencyId }: { agencyId: number }) {
  const parent = agencyRecord(agencyId);
  return (
    <RecordTabsCard
      tabs={[
        {
          value: 'notes',
          label: 'Notes',
          icon: <IconNote size={16} />,
          panel: <NotesTab parent={parent} messages={AGENCY_NOTES_MESSAGES} />,
        },
        {
          value: 'activities',
          label: 'Activities',
          icon: <IconHistory size={16} />,
          panel: <ActivitiesTab parent={parent} renderEntry={renderEntry} />,
        },
        {
          value: 'customers',
          label: 'Customers',
          icon: <IconUsers size={16} />,
          panel: <CustomersTab agencyId={agencyId} />,
        },
        {
          value: 'files',
          label: 'Files',
          icon: <IconFiles size={16} />,
          panel: <FilesTab parent={parent} emptyText="No files uploaded for this agency." />,
        },
        {
          value: 'tasks',
          label: 'Tasks',
          icon: <IconChecklist size={16} />,
          panel: <TasksTab parent={parent} record={{ agencyId }} />,
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
              <AgencyDealsTab agencyId={agencyId} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
