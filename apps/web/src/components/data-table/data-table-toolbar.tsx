import { Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount, formatCountOf } from '../../lib/format';
import classes from './data-table.module.css';

interface DataTableToolbarProps {
  searchInput: string;
  onSearch: (value: string) => void;
  /** The box lost focus: search now rather than after the pause. */
  onSearchCommit: () => void;
  searchLabel: string;
  searchPlaceholder?: string;
  filtersActive: boolean;
  onClearAll: () => void;
  total: number | undefined;
  /** The total is a floor (the server counts up to 1,000): shown as "1,000+ results". */
  totalCapped?: boolean;
  refreshing: boolean;
  children?: ReactNode;
}

export function DataTableToolbar({
  searchInput,
  onSearch,
  onSearchCommit,
  searchLabel,
  searchPlaceholder,
  filtersActive,
  onClearAll,
  total,
  totalCapped = false,
  refreshing,
  children,
}: DataTableToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" p="sm" className={classes.toolbar}>
      <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 240 }}>
        <TextInput
          label={searchLabel}
          labelProps={{ className: classes.visuallyHidden }}
          type="search"
          placeholder={searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={searchInput}
          onChange={(event) => onSearch(event.currentTarget.value)}
          onBlur={onSearchCommit}
          style={{ flex: 1, maxWidth: 360 }}
        />
        {filtersActive && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            onClick={onClearAll}
          >
            Clear All Filters
          </Button>
        )}
        {refreshing && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      <Group gap="sm">
        {children}
        {total !== undefined && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="table-total">
            {totalCapped ? `${formatCount(total)}+ results` : formatCountOf(total, 'result')}
          </Text>
        )}
      </Group>
    </Group>
  );
}
