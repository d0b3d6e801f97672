import { Card, Tabs } from '@mantine/core';
import { IconFiles, IconHistory, IconNote, IconUsers } from '@tabler/icons-react';
import {
  ActivitiesTab,
  FilesTab,
  type HistoryEntry,
  type NotesMessages,
  NotesTab,
} from '../../../components/record-tabs';
import { agencyRecord } from '../api/agency-record';
import { AgencyHistoryEntry } from './agency-history-entry';
import { CustomersTab } from './customers-tab';

/** 002 §8: a partner's note failure reads 'Failed: {error}', or this when the server said nothing. */
const AGENCY_NOTES_MESSAGES: Partial<NotesMessages> = {
  addFailed: (serverError) =>
    serverError ? `Failed: ${serverError}` : 'An error occurred while submitting the note',
};

const renderEntry = (entry: HistoryEntry) => <AgencyHistoryEntry entry={entry} />;

/** Notes, Activities, Customers and Files of one agency; all but Customers are the shared record tabs. */
export function AgencyTabs({ agencyId }: { agencyId: number }) {
  const parent = agencyRecord(agencyId);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Tabs defaultValue="notes" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="notes" leftSection={<IconNote size={16} />}>
            Notes
          </Tabs.Tab>
          <Tabs.Tab value="activities" leftSection={<IconHistory size={16} />}>
            Activities
          </Tabs.Tab>
          <Tabs.Tab value="customers" leftSection={<IconUsers size={16} />}>
            Customers
          </Tabs.Tab>
          <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
            Files
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notes">
          <NotesTab parent={parent} messages={AGENCY_NOTES_MESSAGES} />
        </Tabs.Panel>
        <Tabs.Panel value="activities">
          <ActivitiesTab parent={parent} renderEntry={renderEntry} />
        </Tabs.Panel>
        <Tabs.Panel value="customers">
          <CustomersTab agencyId={agencyId} />
        </Tabs.Panel>
        <Tabs.Panel value="files">
          <FilesTab parent={parent} emptyText="No files uploaded for this agency." />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
