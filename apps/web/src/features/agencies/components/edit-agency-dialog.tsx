import { Button, Group, Modal } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { EditConflictNotice, useEditConflict } from '../../../components/edit-conflict';
import { fieldErrorsOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGuardedClose } from '../../../lib/unsaved-changes';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { AgencyDetail } from '../api/agency-types';
import { useSaveAgency } from '../api/use-save-agency';
import { changedAgencyFields, parseAgencyForm, sameAgencyForm, valuesFromAgency } from './agency-form-values';
import { EDIT_DIALOG_FIELDS, EditAgencyFields } from './edit-agency-fields';
import { TypedAgencyDuplicates } from './typed-agency-duplicates';
import { useAgencyFormState } from './use-agency-form-state';

interface EditAgencyDialogProps {
  /** The screen's copy of the agency, kept current by the live updates. */
  agency: AgencyDetail;
  onClose: () => void;
  /** After a successful save: the screen reloads the detail, the duplicate check and the history. */
  onSaved: () => void;
}

/** 002 §2/§4 Edit agency info: nothing is sent when nothing differs from the loaded record. */
export function EditAgencyDialog({ agency: live, onClose, onSaved }: EditAgencyDialogProps) {
  const conflict = useEditConflict(live);
  // The agency the form was filled from: what counts as unchanged, and the version the save sends.
  const agency = conflict.opened ?? live;
  const form = useAgencyFormState(valuesFromAgency(agency));
  const save = useSaveAgency(agency.id);
  const [saving, setSaving] = useState(false);
  const close = useGuardedClose(form.dirty, onClose);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const initial = valuesFromAgency(agency);
    if (JSON.stringify(initial) === JSON.stringify(form.values)) {
      toast.info(msg.noChanges);
      return;
    }
    const body = form.validate();
    if (!body) return;
    const loaded = parseAgencyForm(initial);
    // Edits that normalise away (spaces, reps in another order) are no change either.
    if (loaded.ok && sameAgencyForm(loaded.body, body)) {
      toast.info(msg.noChanges);
      return;
    }
    setSaving(true);
    // Only what changed goes, so a change someone else made to another field meanwhile is kept.
    const changes = loaded.ok ? changedAgencyFields(loaded.body, body) : body;
    try {
      await save.mutateAsync({ ...changes, version: agency.version });
      toast.success(msg.updated);
      onSaved();
      onClose();
    } catch (error) {
      if (!conflict.catchStale(error) && !form.showServerErrors(fieldErrorsOf(error), EDIT_DIALOG_FIELDS))
        toast.error(msg.updateFailed);
      setSaving(false);
    }
  };

  const reload = (current: AgencyDetail) => {
    conflict.restart(current);
    form.reset(valuesFromAgency(current));
  };

  return (
    <Modal opened onClose={close} title="Edit agency info" centered size="lg">
      <form ref={form.ref} onSubmit={submit} noValidate>
        <EditConflictNotice noun="partner" conflict={conflict} live={live} onReload={reload} />
        <EditAgencyFields agency={agency} values={form.values} errors={form.errors} onChange={form.change} />
        <TypedAgencyDuplicates values={form.values} excludeId={agency.id} />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
