import { type DealFormInput, dealMessages, formatMoney, SOURCES } from '@crm/domain';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { DateInput } from '../../../components/date-input';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import { useCurrentUser } from '../../../lib/session-context';
import { useLeaveGuard } from '../../../lib/unsaved-changes';
import { type ContactOption, fetchContactOptions, fetchUserOptions } from '../api/deal-options-api';
import type { DealStage } from '../api/deal-types';
import { useDealStages, useLostReasons } from '../api/use-deal-stages';
import { SearchSelect } from '../components/search-select';
import { type DealFormValues, previewAmountMinor, toDealPayload, validateDeal } from './deal-form-values';
import { DealLinesEditor } from './deal-lines-editor';
import { PartnerSelect } from './partner-select';

export interface DealFormProps {
  initial: DealFormValues;
  /** What the selects show for the chosen contact and partner before any search. */
  contact: ContactOption | null;
  partner: { id: number; name: string } | null;
  currency: string;
  /** A deal's won date, kept as it is (the server sets it on entering Won). */
  wonDate?: string | null;
  /** Resolves to the server's field messages when it refused the form. */
  onSubmit: (payload: DealFormInput) => Promise<Record<string, string> | undefined>;
  submitLabel: string;
  /** Beside the submit button (Cancel). */
  actions?: ReactNode;
  /**
   * A page's form asks before the person leaves it with changes; a dialog's is told when the form
   * holds changes, for its own close to ask.
   */
  onDirtyChange?: (dirty: boolean) => void;
}

const contactLabel = (contact: ContactOption) => `${contact.name} ${contact.surname}`.trim();

const contactOption = (contact: ContactOption) => ({
  value: String(contact.id),
  label: `${contactLabel(contact)} (${contact.type.toLowerCase() === 'lead' ? 'lead' : 'customer'})`,
  item: contact,
});

const searchContacts = async (text: string, signal: AbortSignal) =>
  (await fetchContactOptions(text, signal)).map(contactOption);

// A line's key tells React which inputs are whose; it is no value of the deal.
const withoutKeys = (values: DealFormValues) =>
  JSON.stringify({ ...values, lines: values.lines.map(({ key: _, ...line }) => line) });

const sameValues = (a: DealFormValues, b: DealFormValues) => withoutKeys(a) === withoutKeys(b);

/** A stage a deal may be put in: an active one, or the one it is in already. */
const stageChoices = (stages: DealStage[], current: string | null) =>
  stages
    .filter((stage) => stage.isActive || String(stage.id) === current)
    .map((stage) => ({ value: String(stage.id), label: stage.name }));

/**
 * The deal's form, for a new deal and an edit: validated by the domain's dealFormSchema (the
 * server's own), with the server's field messages shown on their fields after a refused save.
 */
export function DealForm({
  initial,
  contact: initialContact,
  partner: initialPartner,
  currency,
  wonDate,
  onSubmit,
  submitLabel,
  actions,
  onDirtyChange,
}: DealFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [contact, setContact] = useState(initialContact);
  const [partner, setPartner] = useState(initialPartner);
  // The partner follows the contact's until the person picks one themselves.
  const [partnerChosen, setPartnerChosen] = useState(
    initial.agencyId !== null && initial.agencyId !== String(initialContact?.agency?.id ?? ''),
  );
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const stages = useDealStages();
  const reasons = useLostReasons();
  const users = useQuery({
    queryKey: ['deal-options', 'users'],
    queryFn: ({ signal }) => fetchUserOptions(signal),
  });
  // Giving a deal to someone else is an admin's: others' deals are theirs.
  const mayAssign = useCurrentUser().role === 'admin';
  const dirty = !sameValues(values, initial);
  const leave = useLeaveGuard(onDirtyChange === undefined && dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const stageList = stages.data ?? [];
  const stage = stageList.find((candidate) => String(candidate.id) === values.stageId);
  const lost = stage?.kind === 'lost';
  const amountMinor = previewAmountMinor(values);

  const change = <K extends keyof DealFormValues>(field: K, value: DealFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
  };

  const pickContact = (picked: ContactOption | null) => {
    setContact(picked);
    change('contactId', picked ? String(picked.id) : null);
    if (!partnerChosen) {
      setPartner(picked?.agency ?? null);
      change('agencyId', picked?.agency ? String(picked.agency.id) : null);
    }
  };

  const pickStage = (id: string | null) => {
    const next = stageList.find((candidate) => String(candidate.id) === id);
    setValues((current) => ({
      ...current,
      stageId: id,
      // The stage's default probability, which the person may then override.
      probability: next ? String(next.probability) : current.probability,
    }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = toDealPayload(values, wonDate);
    const found = validateDeal(payload);
    // The schema cannot know which stage is Lost; the server's rule, said before the round trip.
    if (lost && values.lostReasonId === null && !found.lostReasonId)
      found.lostReasonId = dealMessages.lostReasonRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    setSaving(true);
    const refused = await leave.saving(onSubmit(payload));
    setSaving(false);
    if (refused && Object.keys(refused).length > 0) {
      setErrors(refused);
      focusFirstError();
    }
  };

  const lineTotal = (line: DealFormValues['lines'][number]) => {
    const preview = previewAmountMinor({ ...values, lines: [line] });
    return preview === null ? '' : formatMoney(preview, currency);
  };

  const userChoices = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }));

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <TextInput
              label="Title"
              required
              value={values.title}
              onChange={(event) => change('title', event.currentTarget.value)}
              error={errors.title}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SearchSelect
                label="Contact"
                required
                placeholder="Search leads and customers"
                queryKey={['deal-options', 'contacts']}
                search={searchContacts}
                value={values.contactId}
                selected={contact ? contactOption(contact) : null}
                onChange={(option) => pickContact(option?.item ?? null)}
                error={errors.contactId}
              />
              <PartnerSelect
                value={values.agencyId}
                selected={partner}
                onChange={(picked) => {
                  setPartnerChosen(true);
                  setPartner(picked);
                  change('agencyId', picked ? String(picked.id) : null);
                }}
                error={errors.agencyId}
              />
              <Select
                label="Owner"
                placeholder="Me"
                clearable
                searchable
                disabled={!mayAssign}
                data={userChoices}
                value={values.ownerId}
                onChange={(value) => change('ownerId', value)}
                error={errors.ownerId}
              />
              <Select
                label="Assigned to"
                placeholder="Me"
                clearable
                searchable
                disabled={!mayAssign}
                data={userChoices}
                value={values.assignedToId}
                onChange={(value) => change('assignedToId', value)}
                error={errors.assignedToId}
              />
              <Select
                label="Stage"
                required
                data={stageChoices(stageList, values.stageId)}
                value={values.stageId}
                onChange={pickStage}
                error={errors.stageId}
              />
              <TextInput
                label="Probability %"
                inputMode="numeric"
                placeholder={stage ? String(stage.probability) : undefined}
                description={stage ? `The stage's default is ${stage.probability} %` : undefined}
                value={values.probability}
                onChange={(event) => change('probability', event.currentTarget.value)}
                error={errors.probability}
              />
              <DateInput
                label="Expected close date"
                value={values.expectedCloseDate}
                onChange={(value) => change('expectedCloseDate', value)}
                error={errors.expectedCloseDate}
                unreadableMessage="Expected close date is not a date: write it as dd.mm.yyyy, such as 08.12.2026"
              />
              <Select
                label="Source"
                clearable
                data={[...SOURCES]}
                value={values.source}
                onChange={(value) => change('source', value)}
                error={errors.source}
              />
            </SimpleGrid>
            {lost && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Lost reason"
                  required
                  data={(reasons.data ?? [])
                    .filter((reason) => reason.isActive || String(reason.id) === values.lostReasonId)
                    .map((reason) => ({ value: String(reason.id), label: reason.name }))}
                  value={values.lostReasonId}
                  onChange={(value) => change('lostReasonId', value)}
                  error={errors.lostReasonId}
                />
                <Textarea
                  label="Why it was lost"
                  autosize
                  minRows={1}
                  value={values.lostReasonText}
                  onChange={(event) => change('lostReasonText', event.currentTarget.value)}
                  error={errors.lostReasonText}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <DealLinesEditor
              lines={values.lines}
              errors={errors}
              onChange={(update) => setValues((current) => ({ ...current, lines: update(current.lines) }))}
              lineTotal={lineTotal}
            />
            {values.lines.length === 0 ? (
              <TextInput
                label="Amount"
                description="Entered by hand while the deal has no product lines"
                inputMode="decimal"
                maw={240}
                value={values.amount}
                onChange={(event) => change('amount', event.currentTarget.value)}
                error={errors.amount}
              />
            ) : (
              <Group justify="flex-end" gap="xs">
                <Text c="dimmed">Amount</Text>
                <Text fw={700} data-testid="deal-form-amount">
                  {amountMinor === null ? '—' : formatMoney(amountMinor, currency)}
                </Text>
              </Group>
            )}
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
