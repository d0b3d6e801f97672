import { MultiSelect } from '@mantine/core';
import { useEffect } from 'react';
import { dialogFirstField } from '../../../lib/focus-first-error';
import { foldedOptionsFilter } from '../../../lib/folded-options-filter';
import { toast } from '../../../lib/toast';
import { useSalesRepOptions } from '../api/use-picker-options';

interface KnownRep {
  id: number;
  name: string;
  isActive?: boolean;
}

interface SalesRepSelectProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Reps already chosen, so they show by name before the users load (and when inactive). */
  currentReps?: readonly KnownRep[];
  /** Toasted when the users cannot be loaded. */
  loadErrorMessage: string;
  error?: string;
  required?: boolean;
  withinPortal?: boolean;
  /** A dialog's first field: focused when the dialog opens, its list closed until asked for. */
  autoFocus?: boolean;
}

/** Assigned sales representatives: a multi-select of the active users. */
export function SalesRepSelect({
  label,
  value,
  onChange,
  currentReps = [],
  loadErrorMessage,
  error,
  required,
  withinPortal = true,
  autoFocus = false,
}: SalesRepSelectProps) {
  const query = useSalesRepOptions();
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(loadErrorMessage);
  }, [isError, errorUpdatedAt, loadErrorMessage]);

  const users = query.data ?? [];
  const options = users.map((user) => ({ value: String(user.id), label: user.name }));
  for (const rep of currentReps) {
    if (!users.some((user) => user.id === rep.id)) {
      options.push({
        value: String(rep.id),
        label: rep.isActive !== false ? rep.name : `${rep.name} (inactive)`,
      });
    }
  }

  return (
    <MultiSelect
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      filter={foldedOptionsFilter}
      clearable
      hidePickedOptions
      nothingFoundMessage={query.isPending ? 'Loading…' : 'No users found'}
      required={required}
      error={error}
      comboboxProps={{ withinPortal }}
      maxDropdownHeight={260}
      {...dialogFirstField(autoFocus)}
    />
  );
}
