import type { ContactType } from '@crm/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SelectAllMatching, useBulkUndo } from '../../../components/bulk-actions';
import { DataTable } from '../../../components/data-table';
import { useBulkSelection } from '../../../components/data-table/use-row-selection';
import { EXPORT_COLUMNS, ExportButton, ImportButton } from '../../../components/import-export';
import { MountWhenOpened } from '../../../components/mount-when-opened';
import { useCurrentUser } from '../../../lib/session-context';
import { contactKeys } from '../api/contact-keys';
import { CONTACT_PATHS, type ContactListRow } from '../api/contact-types';
import { fetchContactsPage } from '../api/fetch-contacts-page';
import { useContactsByFilter } from '../api/use-contacts-by-filter';
import { useDeactivateContacts } from '../api/use-deactivate-contacts';
import { useReassignContacts } from '../api/use-reassign-contacts';
import { confirmDeactivateContact, confirmDeactivateSelected } from '../components/confirm-deactivation';
import { ContactBulkActions } from '../components/contact-bulk-actions';
import { contactColumns, contactHref } from '../components/contact-columns';
import {
  CONTACT_LABELS,
  EMPTY_LIST_HINT,
  fullName,
  LIST_LOAD_FAILED,
} from '../components/contact-list-labels';

// The dialogs bring the conversion rules and their schemas: fetched on first use (see MountWhenOpened).
const ConvertLeadDialog = lazy(async () => ({
  default: (await import('../components/convert-lead-modal')).ConvertLeadDialog,
}));
const ReassignOwnerModal = lazy(async () => ({
  default: (await import('../components/reassign-owner-modal')).ReassignOwnerModal,
}));

const getContactId = (contact: ContactListRow) => contact.id;

/** /leads and /customers (001 §2.2). */
export function ContactsListPage({ type }: { type: ContactType }) {
  const labels = CONTACT_LABELS[type];
  const paths = CONTACT_PATHS[type];
  const isAdmin = useCurrentUser().role === 'admin';
  const navigate = useNavigate();
  const picked = useBulkSelection();
  const bulkList = type === 'LEAD' ? 'leads' : 'customers';
  // The list's parameters when Reassign Owner was chosen: "all matching" reassigns what they match.
  const reassignParams = useRef(new URLSearchParams());
  const [converting, setConverting] = useState<ContactListRow | null>(null);
  const [reassigning, setReassigning] = useState(false);
  const deactivate = useDeactivateContacts(useBulkUndo(bulkList, contactKeys.all));
  const byFilter = useContactsByFilter(bulkList, picked.clear);
  const reassign = useReassignContacts();
  const { mutate: deactivateIds } = deactivate;

  const fetchPage = useMemo(() => fetchContactsPage(type), [type]);
  const columns = useMemo(
    () =>
      contactColumns(isAdmin, {
        onView: (contact) => navigate(CONTACT_PATHS[contact.type].detail(contact.id), { state: { contact } }),
        onConvert: setConverting,
        onDeactivate: (contact) => confirmDeactivateContact(contact, () => deactivateIds([contact.id])),
      }),
    [isAdmin, navigate, deactivateIds],
  );

  const selected = picked.ids;
  const clearSelection = picked.clear;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{labels.title}</Title>
        <Group>
          <ImportButton entity="contacts" type={type} />
          <ExportButton
            list={type === 'LEAD' ? 'leads' : 'customers'}
            columns={EXPORT_COLUMNS[type === 'LEAD' ? 'leads' : 'customers']}
          />
          <Button component={Link} to={paths.create} leftSection={<IconPlus size={16} />}>
            Add New {labels.singular}
          </Button>
        </Group>
      </Group>
      <DataTable
        // Remount per type so search, sort and filters do not carry from leads to customers.
        key={type}
        listId={type === 'LEAD' ? 'leads' : 'customers'}
        queryKey={contactKeys.list(type)}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={getContactId}
        rowHref={contactHref}
        getRowLabel={(contact) => `Select ${fullName(contact)}`}
        searchPlaceholder={labels.searchPlaceholder}
        searchLabel={`Search ${labels.title.toLowerCase()}`}
        loadErrorMessage={LIST_LOAD_FAILED}
        toastLoadError={false}
        emptyState={
          <Stack gap={4} align="center">
            <Text fw={600}>{labels.emptyTitle}</Text>
            <Text size="sm" c="dimmed">
              {EMPTY_LIST_HINT}
            </Text>
          </Stack>
        }
        selection={isAdmin ? picked.selection : undefined}
        toolbar={(listParams, totals) =>
          isAdmin && (
            <>
              <SelectAllMatching list={bulkList} listParams={listParams} selection={picked} totals={totals} />
              <ContactBulkActions
                selectedCount={picked.count}
                onDeactivate={() =>
                  confirmDeactivateSelected(picked.count, () =>
                    picked.allMatching
                      ? byFilter.mutate({ action: 'deactivate', listParams })
                      : deactivate.mutate(selected, { onSettled: clearSelection }),
                  )
                }
                onReassign={() => {
                  reassignParams.current = listParams;
                  setReassigning(true);
                }}
              />
            </>
          )
        }
      />
      <MountWhenOpened opened={converting !== null}>
        <ConvertLeadDialog lead={converting} onClose={() => setConverting(null)} />
      </MountWhenOpened>
      <MountWhenOpened opened={reassigning}>
        <ReassignOwnerModal
          opened={reassigning}
          selectedCount={picked.count}
          saving={reassign.isPending || byFilter.isPending}
          onClose={() => setReassigning(false)}
          onConfirm={(assignedToId) => {
            if (picked.allMatching) {
              byFilter.mutate(
                { action: 'reassign', listParams: reassignParams.current, assignedToId },
                { onSettled: () => setReassigning(false) },
              );
              return;
            }
            reassign.mutate(
              { ids: selected, assignedToId },
              {
                onSettled: () => {
                  setReassigning(false);
                  clearSelection();
                },
              },
            );
          }}
        />
      </MountWhenOpened>
    </Stack>
  );
}
