import { dealMessages, LOST_REASON_TEXT_MAX } from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { DealListRow } from '../api/deal-types';
import { useLostReasons } from '../api/use-deal-stages';

export interface LostChoice {
  lostReasonId: number;
  lostReasonText: string | null;
}

interface LostReasonModalProps {
  /** The deal being moved to Lost; the modal is open while there is one. */
  card: DealListRow | null;
  onCancel: () => void;
  onConfirm: (choice: LostChoice) => void;
}

/** Asks why a deal dropped in Lost was lost: one of the admin's reasons (required) and a note. */
export function LostReasonModal({ card, onCancel, onConfirm }: LostReasonModalProps) {
  return (
    <Modal opened={card !== null} onClose={onCancel} title="Why was this deal lost?" centered>
      {card && <LostReasonForm card={card} onCancel={onCancel} onConfirm={onConfirm} />}
    </Modal>
  );
}

function LostReasonForm({
  card,
  onCancel,
  onConfirm,
}: Omit<LostReasonModalProps, 'card'> & { card: DealListRow }) {
  const reasons = useLostReasons();
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const options = (reasons.data ?? [])
    .filter((reason) => reason.isActive)
    .map((reason) => ({ value: String(reason.id), label: reason.name }));
  const tooLong = text.trim().length > LOST_REASON_TEXT_MAX;

  const submit = () => {
    setTried(true);
    if (!reasonId || tooLong) return;
    onConfirm({ lostReasonId: Number(reasonId), lostReasonText: text.trim() || null });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Moving <strong>{card.title}</strong> to Lost.
        </Text>
        <Select
          label="Lost reason"
          required
          data-autofocus
          placeholder={reasons.isPending ? 'Loading…' : 'Choose a reason'}
          data={options}
          value={reasonId}
          onChange={setReasonId}
          error={tried && !reasonId ? dealMessages.lostReasonRequired : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Details"
          description="Optional: what happened, in a few words"
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={tooLong ? dealMessages.lostReasonTextMax : undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red">
            Move to Lost
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
