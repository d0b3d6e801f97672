import { Alert, Button, Text } from '@mantine/core';
import type { EditConflict } from './use-edit-conflict';

interface EditConflictNoticeProps<T> {
  /** What the dialog edits, as the API's 409 sentence names it: "contact", "partner", "product". */
  noun: string;
  conflict: EditConflict<T>;
  /** The screen's current copy of the record. */
  live: T | undefined;
  /** Fills the form again from this record (the live one, or the one a refused save answered). */
  onReload: (record: T) => void;
  /** Where the person's unsaved change is: "in this dialog", or "in this field" for an edit in place. */
  place?: string;
}

/**
 * The notices of an edit dialog whose record changed while it was open: someone saved it meanwhile
 * (their change is never overwritten without a word), or the save was refused because they changed
 * the same field. Either offers to reload the form from the record as it is now.
 */
export function EditConflictNotice<T>({
  noun,
  conflict,
  live,
  onReload,
  place = 'in this dialog',
}: EditConflictNoticeProps<T>) {
  if (conflict.refused) {
    const { message, current } = conflict.refused;
    return (
      <Alert color="yellow" mb="md" role="alert" title="Not saved">
        <Text size="sm">{message}</Text>
        <Text size="sm" mt={4}>
          Reload to see the {noun} as it is now; your changes {place} will be replaced.
        </Text>
        <Button size="xs" mt="sm" variant="light" onClick={() => onReload(current)}>
          Reload
        </Button>
      </Alert>
    );
  }
  if (conflict.changedUnderneath && live !== undefined) {
    return (
      <Alert color="orange" mb="md" role="alert" title={`This ${noun} was changed by someone else`}>
        <Text size="sm">
          {/* Every edit dialog keeps another person's change to a different field (see its save). */}
          Someone saved this {noun} while you were editing it. Your save keeps their change unless you changed
          the same field.
        </Text>
        <Button size="xs" mt="sm" variant="light" onClick={() => onReload(live)}>
          Reload
        </Button>
      </Alert>
    );
  }
  return null;
}
