import type { AgencyForm as AgencyFormBody } from '@crm/domain';
import { Button, Card, Group, LoadingOverlay } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useLeaveGuard } from '../../../lib/unsaved-changes';
import { AgencyFormFields } from './agency-form-fields';
import { AGENCY_FORM_FIELDS, type AgencyFormValues } from './agency-form-values';
import { TypedAgencyDuplicates } from './typed-agency-duplicates';
import { useAgencyFormState } from './use-agency-form-state';

interface AgencyFormProps {
  initialValues: AgencyFormValues;
  /** The agency being edited; absent when creating. */
  agencyId?: number;
  initialParent?: { id: number; name: string } | null;
  currentReps: readonly { id: number; name: string; isActive?: boolean }[];
  /** Where Cancel goes. */
  cancelTo: string;
  /** Shows the values while the real record loads, without letting them be edited. */
  loading?: boolean;
  /** Saves; resolves to the server's field messages when it refused the values. */
  onSubmit: (body: AgencyFormBody) => Promise<Record<string, string> | undefined>;
}

export function AgencyForm({
  initialValues,
  agencyId,
  initialParent,
  currentReps,
  cancelTo,
  loading = false,
  onSubmit,
}: AgencyFormProps) {
  const form = useAgencyFormState(initialValues);
  const [saving, setSaving] = useState(false);
  const leave = useLeaveGuard(form.dirty && !loading);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setSaving(true);
    const serverErrors = await leave.saving(onSubmit(body));
    if (serverErrors) {
      form.showServerErrors(serverErrors, AGENCY_FORM_FIELDS);
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="xl" pos="relative" maw={900}>
      <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <form ref={form.ref} onSubmit={submit} noValidate>
        <fieldset disabled={loading} style={{ border: 0, padding: 0, margin: 0 }}>
          <AgencyFormFields
            values={form.values}
            errors={form.errors}
            onChange={form.change}
            agencyId={agencyId}
            initialParent={initialParent}
            currentReps={currentReps}
          />
          <TypedAgencyDuplicates values={form.values} excludeId={agencyId} />
          <Group justify="flex-end" gap="sm" mt="xl">
            <Button component={Link} to={cancelTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </fieldset>
      </form>
    </Card>
  );
}
