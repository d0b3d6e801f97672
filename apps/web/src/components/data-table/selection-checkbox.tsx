import { Checkbox } from '@mantine/core';
import classes from './data-table.module.css';

interface SelectAllCheckboxProps {
  loadedCount: number;
  selectedCount: number;
  onToggle: () => void;
}

/** Header checkbox: toggles every loaded row. */
export function SelectAllCheckbox({ loadedCount, selectedCount, onToggle }: SelectAllCheckboxProps) {
  const all = loadedCount > 0 && selectedCount >= loadedCount;
  return (
    <th className={classes.checkCell}>
      <Checkbox
        aria-label="Select all rows"
        checked={all}
        indeterminate={selectedCount > 0 && !all}
        disabled={loadedCount === 0}
        onChange={onToggle}
      />
    </th>
  );
}

interface RowCheckboxProps {
  label: string;
  checked: boolean;
  onToggle: () => void;
}

export function RowCheckbox({ label, checked, onToggle }: RowCheckboxProps) {
  return (
    <td className={classes.checkCell}>
      <Checkbox aria-label={label} checked={checked} onChange={onToggle} />
    </td>
  );
}
