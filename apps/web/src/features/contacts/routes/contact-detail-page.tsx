import { type ContactType, contactMessages } from '@crm/domain';
import { Anchor, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { RecordMerges } from '../../../components/merges/record-merges';
import { useCurrentUser } from '../../../lib/session-context';
import { CONTACT_PATHS, type Contact, type ContactListRow, isWholeContact } from '../api/contact-types';
import type { ConversionValues } from '../api/convert-contact';
import { useContactDetail, useContactDuplicates } from '../api/use-contact-detail';
import { useDeleteContact, useStoreSavedContact } from '../api/use-contact-detail-mutations';
import { useContactFeatures } from '../api/use-contact-features';
import { useConvertLead } from '../api/use-convert-lead';
import { ContactDetailConvertModal } from '../components/contact-detail-convert-modal';
import { ContactDetailDuplicates } from '../components/contact-detail-duplicates';
import { ContactDetailEditModal } from '../components/contact-detail-edit-modal';
import { ContactDetailHeader } from '../components/contact-detail-header';
import { ContactDetailTabs } from '../components/contact-detail-tabs';
import { ContactRecordCard } from '../components/contact-record-card';
import { ContactSummaryCard } from '../components/contact-summary-card';

const TITLES: Record<ContactType, string> = { LEAD: 'Lead Details', CUSTOMER: 'Customer Details' };

function parseId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The contact passed in navigation state, if it is this one and whole. The list passes a list row,
 * which lacks the detail's fields: the loader shows until the detail arrives instead.
 */
function passedContact(state: unknown, id: number): Contact | undefined {
  if (typeof state !== 'object' || state === null || !('contact' in state)) return undefined;
  const contact = (state as { contact: unknown }).contact;
  if (typeof contact !== 'object' || contact === null) return undefined;
  const passed = contact as ContactListRow;
  return passed.id === id && isWholeContact(passed) ? passed : undefined;
}

/** /lead/{id} and /customer/{id} (001 §2.4). */
export function ContactDetailPage({ type }: { type: ContactType }) {
  const id = parseId(useParams().id);
  return id === undefined ? (
    <ContactNotFound type={type} />
  ) : (
    <ContactDetailScreen key={id} id={id} routeType={type} />
  );
}

function useGoBack(type: ContactType) {
  const navigate = useNavigate();
  const location = useLocation();
  // A page opened directly has nothing to go back to: the list of its type stands in.
  return () => (location.key === 'default' ? navigate(CONTACT_PATHS[type].list) : navigate(-1));
}

function ContactNotFound({ type }: { type: ContactType }) {
  const back = useGoBack(type);
  return (
    <Stack gap="lg">
      <ContactDetailHeader title={TITLES[type]} onBack={back} />
      <Text c="dimmed">{contactMessages.contactNotFound}</Text>
    </Stack>
  );
}

function ContactDetailScreen({ id, routeType }: { id: number; routeType: ContactType }) {
  const location = useLocation();
  const navigate = useNavigate();
  const isAdmin = useCurrentUser().role === 'admin';
  const features = useContactFeatures();
  const query = useContactDetail(id, passedContact(location.state, id));
  // After the contact itself has loaded, so a missing contact is not checked for duplicates too.
  const duplicates = useContactDuplicates(id, query.isSuccess && !query.isPlaceholderData);
  const convert = useConvertLead();
  const remove = useDeleteContact();
  const storeSaved = useStoreSavedContact();
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const back = useGoBack(routeType);

  const contact = query.data;
  const loadedType = query.isPlaceholderData ? undefined : contact?.type;
  const loadedId = query.isPlaceholderData ? undefined : contact?.id;
  useEffect(() => {
    // A merged contact's link answers its survivor: show the survivor under its own path.
    if (loadedId !== undefined && loadedId !== id && contact) {
      navigate(CONTACT_PATHS[contact.type].detail(loadedId), { replace: true });
    }
  }, [loadedId, id, contact, navigate]);
  useEffect(() => {
    // /lead/7 for a customer (an old link, another tab's conversion): show it under its own path.
    if (loadedType && loadedType !== routeType) {
      navigate(CONTACT_PATHS[loadedType].detail(id), { replace: true, state: location.state });
    }
  }, [loadedType, routeType, id, navigate, location.state]);

  if (!contact) {
    if (query.isPending) {
      return (
        <Center h={240}>
          <Loader aria-label="Loading contact" />
        </Center>
      );
    }
    return <ContactNotFound type={routeType} />;
  }

  const name = `${contact.name} ${contact.surname}`.trim();

  const runConversion = (values: ConversionValues) =>
    convert.mutate(
      { id, values },
      {
        onSuccess: async (saved) => {
          setConverting(false);
          await storeSaved(saved);
          navigate(CONTACT_PATHS[saved.type].detail(saved.id), { replace: true, state: { contact: saved } });
        },
      },
    );

  // Named Deactivate as in the list (001 §2.2); the question is the specification's own words (§2.4).
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Deactivate contact',
      centered: true,
      children: <Text size="sm">Are you sure you want to delete {name}?</Text>,
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, { onSuccess: () => navigate(CONTACT_PATHS[contact.type].list, { replace: true }) }),
    });

  return (
    <Stack gap="lg">
      <ContactDetailHeader
        title={TITLES[contact.type]}
        onBack={back}
        onConvert={contact.type === 'LEAD' ? () => setConverting(true) : undefined}
        onDelete={isAdmin && contact.isActive ? confirmDelete : undefined}
      />
      <ContactDetailDuplicates
        duplicates={duplicates.data ?? []}
        action={
          isAdmin
            ? (duplicate) => (
                <Anchor component={Link} to={`/merge/contacts/${contact.id}/${duplicate.id}`} size="sm">
                  Merge
                </Anchor>
              )
            : undefined
        }
      />
      {isAdmin && <RecordMerges kind="contacts" recordId={contact.id} />}
      <ContactSummaryCard contact={contact} onEdit={() => setEditing(true)} />
      {/* Wide screens: the fields beside the notes, activity and tasks; a phone: the tabs first. */}
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 6 }} order={{ base: 2, lg: 1 }}>
          <ContactRecordCard contact={contact} features={features} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }} order={{ base: 1, lg: 2 }}>
          <ContactDetailTabs contactId={contact.id} />
        </Grid.Col>
      </Grid>
      <ContactDetailEditModal opened={editing} contact={contact} onClose={() => setEditing(false)} />
      <ContactDetailConvertModal
        opened={converting}
        contact={contact}
        saving={convert.isPending}
        onClose={() => setConverting(false)}
        onConvert={runConversion}
      />
    </Stack>
  );
}
