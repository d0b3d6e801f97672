import { useDroppable } from '@dnd-kit/core';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import { formatCount } from '../../../lib/format';
import type { DealStage } from '../api/deal-types';
import { formatDealMoney } from '../api/format-deal-money';
import type { BoardColumnPage, BoardFilters } from './board-api';
import { DealCard } from './deal-card';
import classes from './deals-board.module.css';
import { useBoardColumn } from './use-board-column';

const columnDropId = (stageId: number) => `stage-${stageId}`;

/** A card's height with its gap, before it is measured. */
const CARD_ESTIMATE = 124;
/** How close to the last loaded card the next page is asked for. */
const LOAD_AHEAD = 10;

interface BoardColumnProps {
  stage: DealStage;
  filters: BoardFilters;
  fallbackCurrency: string;
}

function ColumnHeader({
  stage,
  page,
  titleId,
}: {
  stage: DealStage;
  page?: BoardColumnPage;
  titleId: string;
}) {
  const currency = page?.currency ?? 'GBP';
  return (
    <div className={classes.header}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} fz="md" id={titleId}>
          {stage.name}
        </Title>
        <Text size="sm" c="dimmed" data-testid="column-count" title="Deals in this stage">
          {page ? formatCount(page.count) : '…'}
        </Text>
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} data-testid="column-total" title="Total amount">
          {page ? formatDealMoney(page.totalAmount, currency) : '…'}
        </Text>
        <Text size="xs" c="dimmed" data-testid="column-weighted">
          {page ? `Weighted ${formatDealMoney(page.weightedTotal, currency)}` : ''}
        </Text>
      </Group>
    </div>
  );
}

/**
 * One stage's column: a labelled region whose list draws only the cards in view (a column may hold
 * ten thousand) and asks for the next page by cursor as it nears the last loaded card.
 */
export function BoardColumn({ stage, filters, fallbackCurrency }: BoardColumnProps) {
  const titleId = useId();
  const query = useBoardColumn(stage.id, filters);
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(stage.id), data: { stage } });
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const cards = query.data?.pages.flatMap((page) => page.cards) ?? [];
  const first = query.data?.pages[0];
  const currency = first?.currency ?? fallbackCurrency;

  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (index) => cards[index]?.id ?? index,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= cards.length - LOAD_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, cards.length]);

  return (
    <section
      className={classes.column}
      aria-labelledby={titleId}
      data-over={isOver || undefined}
      data-stage={stage.name}
    >
      <ColumnHeader stage={stage} page={first} titleId={titleId} />
      <div
        ref={(node) => {
          scrollRef.current = node;
          setNodeRef(node);
        }}
        className={classes.list}
      >
        {query.isPending && (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={`Loading ${stage.name}`} />
          </Group>
        )}
        {query.isError && !query.data && (
          <Alert color="red" variant="light">
            <Stack gap="xs">
              <Text size="sm">This column could not be loaded.</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {query.isSuccess && cards.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" p="md">
            No deals
          </Text>
        )}
        <ul
          aria-labelledby={titleId}
          className={classes.cards}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const card = cards[item.index];
            if (!card) return null;
            return (
              <li
                key={item.key}
                aria-posinset={item.index + 1}
                aria-setsize={first?.count ?? cards.length}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                  paddingBottom: 8,
                }}
              >
                <DealCard card={card} currency={currency} />
              </li>
            );
          })}
        </ul>
        {isFetchingNextPage && (
          <Group justify="center" p="xs">
            <Loader size="xs" aria-label={`Loading more ${stage.name} deals`} />
          </Group>
        )}
      </div>
    </section>
  );
}
