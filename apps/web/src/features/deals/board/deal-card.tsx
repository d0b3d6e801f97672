import { useDraggable } from '@dnd-kit/core';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, memo } from 'react';
import { useNavigate } from 'react-router';
import { EMPTY_VALUE, formatDate } from '../../../lib/format';
import type { DealListRow } from '../api/deal-types';
import { formatDealMoney } from '../api/format-deal-money';
import classes from './deals-board.module.css';

/** What a card shows: title, contact, amount, expected close date and owner. */
export function DealCardView({ card, currency }: { card: DealListRow; currency: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" lineClamp={2}>
        {card.title}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {card.contact.name}
        {card.contact.type === 'LEAD' ? ' · Lead' : ''}
      </Text>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {formatDealMoney(card.amount, currency)}
        </Text>
        <Text size="xs" c="dimmed" title="Expected close date">
          {card.expectedCloseDate ? formatDate(card.expectedCloseDate) : EMPTY_VALUE}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" truncate="end">
        {card.owner.name}
      </Text>
    </Stack>
  );
}

/** What a screen reader reads for a card: everything it shows, in the same order. */
function cardLabel(card: DealListRow, currency: string): string {
  const close = card.expectedCloseDate ? `, closes ${formatDate(card.expectedCloseDate)}` : '';
  return `${card.title}, ${card.contact.name}, ${formatDealMoney(card.amount, currency)}${close}, owner ${card.owner.name}`;
}

const cardDragId = (dealId: number) => `deal-${dealId}`;

/**
 * A card that can be picked up with the mouse, a finger or the keyboard (Space picks it up, the
 * arrows carry it, Space drops it) and opened with a click or Enter. While it
 * is carried, the overlay shows it and it stays faded in its place. Memoised: a column re-renders on
 * every scroll event, and a card that has not changed need not.
 */
export const DealCard = memo(function DealCard({ card, currency }: { card: DealListRow; currency: string }) {
  const navigate = useNavigate();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: cardDragId(card.id),
    data: { card, currency },
  });
  const open = () => navigate(`/deals/${card.id}`);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (!event.defaultPrevented && event.key === 'Enter') open();
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      className={classes.card}
      data-dragging={isDragging || undefined}
      {...attributes}
      {...listeners}
      aria-roledescription="deal card"
      aria-label={cardLabel(card, currency)}
      onKeyDown={onKeyDown}
      onClick={open}
      data-testid="deal-card"
    >
      <DealCardView card={card} currency={currency} />
    </Paper>
  );
});
