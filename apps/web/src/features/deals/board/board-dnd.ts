import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import type { DealListRow, DealStage } from '../api/deal-types';

/** The pointer's column when there is a pointer; for the keyboard, the column the card covers most. */
export const columnCollision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/**
 * Left and Right carry a picked-up card to the centre of the next column that way; Up and Down do
 * nothing, as a column is ordered by latest change (and they would scroll the page otherwise).
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const vertical = event.code === 'ArrowUp' || event.code === 'ArrowDown';
  if (vertical) {
    event.preventDefault();
    return currentCoordinates;
  }
  if (event.code !== 'ArrowLeft' && event.code !== 'ArrowRight') return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over, activeNode } = context;
  // An arrow pressed right after the card is picked up comes before dnd-kit has measured the card
  // and the columns: their boxes are read from the page then, so that the first press moves too.
  const width = collisionRect?.width ?? activeNode?.getBoundingClientRect().width;
  if (width === undefined) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id) ?? container.node.current?.getBoundingClientRect();
      return rect ? [{ id: container.id, centre: rect.left + rect.width / 2 }] : [];
    })
    .sort((a, b) => a.centre - b.centre);
  const centre = currentCoordinates.x + width / 2;
  // The column the card is over, else the one nearest to it.
  let here = columns.findIndex((column) => column.id === over?.id);
  if (here < 0) {
    let nearest = Number.POSITIVE_INFINITY;
    columns.forEach((column, index) => {
      const distance = Math.abs(column.centre - centre);
      if (distance < nearest) [nearest, here] = [distance, index];
    });
  }
  const target = columns[here + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!target) return currentCoordinates;
  return { x: currentCoordinates.x + target.centre - centre, y: currentCoordinates.y };
};

const cardOf = (data: unknown) => (data as { card?: DealListRow } | undefined)?.card;
/** The currency the carried card's column writes its amounts in. */
const currencyOf = (data: unknown) => (data as { currency?: string } | undefined)?.currency ?? 'GBP';
const stageOf = (data: unknown) => (data as { stage?: DealStage } | undefined)?.stage;

/** What a screen reader hears while a card is carried: where it is, and how to go on. */
export const boardAnnouncements: Announcements = {
  onDragStart: ({ active }) => {
    const card = cardOf(active.data.current);
    return card
      ? `Picked up deal ${card.title}, in ${card.stage.name}. Use the left and right arrow keys to move it to another stage, Space to drop it, Escape to cancel.`
      : undefined;
  },
  onDragOver: ({ active, over }) => {
    const card = cardOf(active.data.current);
    const stage = stageOf(over?.data.current);
    if (!card) return undefined;
    return stage ? `Deal ${card.title} is over ${stage.name}.` : `Deal ${card.title} is over no stage.`;
  },
  onDragEnd: ({ active, over }) => {
    const card = cardOf(active.data.current);
    const stage = stageOf(over?.data.current);
    if (!card) return undefined;
    if (!stage || stage.id === card.stageId) return `Deal ${card.title} stays in ${card.stage.name}.`;
    return `Deal ${card.title} dropped in ${stage.name}.`;
  },
  onDragCancel: ({ active }) => {
    const card = cardOf(active.data.current);
    return card ? `Moving deal ${card.title} was cancelled. It stays in ${card.stage.name}.` : undefined;
  },
};

export const BOARD_INSTRUCTIONS =
  'To move a deal, press Space to pick it up, the left and right arrow keys to choose a stage, and Space to drop it, or Escape to cancel. Press Enter to open the deal.';

export { cardOf, currencyOf, stageOf };
