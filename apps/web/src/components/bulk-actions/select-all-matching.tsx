import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../lib/format';
import type { ListTotals } from '../data-table';
import type { BulkSelectionState } from '../data-table/use-row-selection';
import { type BulkList, countMatching } from './bulk-api';

interface SelectAllMatchingProps {
  list: BulkList;
  listParams: URLSearchParams;
  selection: BulkSelectionState;
  totals: ListTotals;
}

/**
 * Once every loaded row is ticked, offers the rest of the list: "Select all 13,613 matching". The
 * list's own total stops at 1,000 for a narrowed list; the exact number is asked for then.
 */
export function SelectAllMatching({ list, listParams, selection, totals }: SelectAllMatchingProps) {
  const everyLoaded = totals.loaded > 0 && selection.ids.length >= totals.loaded;
  const more = totals.capped || totals.total > totals.loaded;
  const offered = !selection.allMatching && everyLoaded && more;
  const exact = useQuery({
    queryKey: ['bulk-count', list, listParams.toString()],
    queryFn: ({ signal }) => countMatching(list, listParams, signal),
    enabled: offered && totals.capped,
    staleTime: 10_000,
  });
  if (selection.allMatching) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} data-testid="all-matching-selected">
          {`All ${formatCount(selection.count)} matching selected`}
        </Text>
        <Button size="xs" variant="subtle" onClick={selection.clear}>
          Clear selection
        </Button>
      </Group>
    );
  }
  if (!offered) return null;
  const matching = totals.capped ? exact.data : totals.total;
  if (matching === undefined) return null;
  return (
    <Button size="xs" variant="light" onClick={() => selection.selectAllMatching(matching)}>
      {`Select all ${formatCount(matching)} matching`}
    </Button>
  );
}
