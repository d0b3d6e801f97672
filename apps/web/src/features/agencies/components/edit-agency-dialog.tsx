import { Button, Group, Modal } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import type { AgencyDetail } from '../api/agency-types';
import { useSaveAgency } from '../api/use-save-agency';
import { parseAgencyForm, sameAgencyForm, valuesFromAgency } from './agency-form-values';
import { EDIT_DIALOG_FIELDS, EditAgencyFields } from './edit-agency-fields';
import { TypedAgencyDuplicates } from './typed-agency-duplicates';
import { useAgencyFormState } from './use-agency-form-state';

interface EditAgencyDialogProps {
  agency: AgencyDetail;
  onClose: () => void;
  /** After a successful save: the screen reloads the detail, the duplicate check and the history. */
  onSaved: () => void;
}

/** 002 §2/§4 Edit agency info: nothing is sent when nothing differs from the loaded record. */
export function EditAgencyDialog({ agency, onClose, onSaved }: EditAgencyDialogProps) {
  const form = useAgencyFormState(valuesFromAgency(agency));
  const save = useSaveAgency(agency.id);
  const [saving, setSaving] = useState(false);

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
    try {
      await save.mutateAsync(body);
      toast.success(msg.updated);
      onSaved();
      onClose();
    } catch (error) {
      if (!form.showServerErrors(fieldErrorsOf(error), EDIT_DIALOG_FIELDS)) toast.error(msg.updateFailed);
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Edit agency info" centered size="lg">
      <form onSubmit={submit} noValidate>
        <EditAgencyFields agency={agency} values={form.values} errors={form.errors} onChange={form.change} />
        <TypedAgencyDuplicates values={form.values} excludeId={agency.id} />
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={onClose}>
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
