import { type DealFormInput, dealMessages } from '@crm/domain';
import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { EditConflictNotice, useEditConflict } from '../../../components/edit-conflict';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useGuardedClose } from '../../../lib/unsaved-changes';
import type { Deal } from '../api/deal-types';
import { useSaveDeal } from '../api/use-save-deal';
import { DealForm } from '../form/deal-form';
import { valuesFromDeal } from '../form/deal-form-values';

interface DealEditModalProps {
  /** The screen's copy of the deal, kept current by the live updates. */
  deal: Deal;
  onClose: () => void;
  /** After a save, with the deal as it was opened and as it is now. */
  onSaved?: (before: Deal, after: Deal) => void;
}

/**
 * Edits the deal with the version it was opened at: a colleague's save meanwhile is announced, and
 * a save that would overwrite a field they changed is refused (409) with the deal as it is now.
 */
export function DealEditModal({ deal: live, onClose, onSaved }: DealEditModalProps) {
  const conflict = useEditConflict(live);
  const deal = conflict.opened ?? live;
  const save = useSaveDeal(deal.id);
  // A reload fills the form again from scratch.
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);
  const close = useGuardedClose(dirty, onClose);

  const submit = async (body: DealFormInput) => {
    try {
      const saved = await save.mutateAsync({ body, version: deal.version });
      toast.success(dealMessages.updated);
      onClose();
      onSaved?.(deal, saved);
      return undefined;
    } catch (error) {
      if (conflict.catchStale(error)) return undefined;
      toast.error(errorMessage(error, 'The deal could not be saved'));
      return fieldErrorsOf(error);
    }
  };

  const reload = (current: Deal) => {
    conflict.restart(current);
    setFormKey((key) => key + 1);
  };

  return (
    <Modal
      opened
      onClose={close}
      title="Edit deal"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <EditConflictNotice noun="deal" conflict={conflict} live={live} onReload={reload} />
      <DealForm
        key={`${deal.version}-${formKey}`}
        initial={valuesFromDeal(deal)}
        contact={{ ...deal.contact, surname: '', agency: deal.agency }}
        partner={deal.agency}
        currency={deal.currency}
        wonDate={deal.wonDate}
        onSubmit={submit}
        submitLabel="Save"
        onDirtyChange={setDirty}
        actions={
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
        }
      />
    </Modal>
  );
}
