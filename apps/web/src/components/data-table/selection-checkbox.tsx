import { Checkbox } from '@mantine/core';
import classes from './data-table.module.css';

interface SelectAllCheckboxProps {
  /** A table header, or the cards' toolbar (screens under 768 px). */
  as?: 'th' | 'div';
  loadedCount: number;
  selectedCount: number;
  onToggle: () => void;
}

/** Header checkbox: toggles every loaded row. */
export function SelectAllCheckbox({
  as: Element = 'th',
  loadedCount,
  selectedCount,
  onToggle,
}: SelectAllCheckboxProps) {
  const all = loadedCount > 0 && selectedCount >= loadedCount;
  return (
    <Element className={classes.checkCell}>
      <Checkbox
        size="md"
        aria-label="Select all rows"
        checked={all}
        indeterminate={selectedCount > 0 && !all}
        disabled={loadedCount === 0}
        onChange={onToggle}
      />
    </Element>
  );
}

interface RowCheckboxProps {
  as?: 'td' | 'div';
  label: string;
  checked: boolean;
  onToggle: () => void;
}

/** 24 px (size md): the smallest touch target WCAG 2.2 AA allows. */
export function RowCheckbox({ as: Element = 'td', label, checked, onToggle }: RowCheckboxProps) {
  return (
    <Element className={classes.checkCell}>
      <Checkbox size="md" aria-label={label} checked={checked} onChange={onToggle} />
    </Element>
  );
}
