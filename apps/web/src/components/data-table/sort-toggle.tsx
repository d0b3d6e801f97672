import type { SortOrder } from '@crm/domain';
import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import classes from './data-table.module.css';

interface SortToggleProps {
  header: string;
  order: SortOrder | undefined;
  onToggle: () => void;
}

/** The column title as a button: ascending, descending, then unsorted. */
export function SortToggle({ header, order, onToggle }: SortToggleProps) {
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={onToggle}
      aria-label={`Sort by ${header}`}
      data-sorted={order ?? undefined}
    >
      <span className={classes.headerText}>
        {header}
        {/* In the last word's line, so that a wrapped title keeps its arrow. */}
        <Icon size={14} stroke={2} className={classes.sortIcon} aria-hidden="true" />
      </span>
    </UnstyledButton>
  );
}
