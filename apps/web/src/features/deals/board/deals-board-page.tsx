import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { Deal, DealListRow, DealStage } from '../api/deal-types';
import { useDealStages } from '../api/use-deal-stages';
import { BoardColumn } from './board-column';
import {
  BOARD_INSTRUCTIONS,
  boardAnnouncements,
  cardOf,
  columnCollision,
  columnKeyboardCoordinates,
  currencyOf,
  stageOf,
} from './board-dnd';
import { BoardFiltersBar } from './board-filters-bar';
import { DealCardView } from './deal-card';
import classes from './deals-board.module.css';
import { LostReasonModal } from './lost-reason-modal';
import { useBoardFilters } from './use-board-filters';
import { type DealMove, useMoveDeal } from './use-move-deal';

// The conversion dialog (and its country list) loads only when a lead's deal is won.
const WonConversion = lazy(async () => ({ default: (await import('./won-conversion')).WonConversion }));

/**
 * The pipeline at /deals: a column per active stage with its count, total and weighted total, and
 * cards carried between columns with the mouse, a finger or the keyboard. A move shows at once and
 * is undone with a message if the server refuses it; Lost asks why first, and a lead's deal won
 * offers to convert the lead.
 */
export function DealsBoardPage() {
  const stages = useDealStages();
  const { filters, setFilter, clear, active } = useBoardFilters();
  const [carried, setCarried] = useState<{ card: DealListRow; currency: string } | null>(null);
  const [losing, setLosing] = useState<{ card: DealListRow; to: DealStage } | null>(null);
  const [converting, setConverting] = useState<number | null>(null);

  const onMoved = useCallback((move: DealMove, deal: Deal) => {
    if (move.to.kind === 'won' && deal.contact.type === 'LEAD') setConverting(deal.contact.id);
  }, []);
  const move = useMoveDeal(onMoved);
  const doneConverting = useCallback(() => setConverting(null), []);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger held still picks a card up; one that moves scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      // Enter opens the deal, so only Space picks up and drops.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
      // At once rather than smoothly: the next press measures from where the board now is.
      scrollBehavior: 'auto',
    }),
  );

  const onDragStart = ({ active: dragged }: DragStartEvent) => {
    const card = cardOf(dragged.data.current);
    setCarried(card ? { card, currency: currencyOf(dragged.data.current) } : null);
  };
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setCarried(null);
    const card = cardOf(dragged.data.current);
    const to = stageOf(over?.data.current);
    // Within its own column a card keeps its place: a column is ordered by latest change.
    if (!card || !to || to.id === card.stageId) return;
    if (to.kind === 'lost') setLosing({ card, to });
    else move.mutate({ card, to });
  };

  const columns = (stages.data ?? []).filter((stage) => stage.isActive);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>Deals</Title>
        <Group gap="sm">
          <Button component={Link} to="/deals/list" variant="default">
            List
          </Button>
          <Button component={Link} to="/deals/report" variant="default">
            Report
          </Button>
          <Button component={Link} to="/deals/new">
            New deal
          </Button>
        </Group>
      </Group>
      <BoardFiltersBar filters={filters} active={active} setFilter={setFilter} clear={clear} />
      {stages.isPending && <Loader aria-label="Loading the stages" />}
      {stages.isError && (
        <Alert color="red" variant="light" title="The board could not be loaded">
          <Button size="xs" variant="light" onClick={() => void stages.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={columnCollision}
        accessibility={{
          announcements: boardAnnouncements,
          screenReaderInstructions: { draggable: BOARD_INSTRUCTIONS },
        }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setCarried(null)}
      >
        <div className={classes.board} data-testid="deals-board">
          {columns.map((stage) => (
            <BoardColumn key={stage.id} stage={stage} filters={filters} fallbackCurrency="GBP" />
          ))}
        </div>
        <DragOverlay>
          {carried && (
            <Paper withBorder p="sm" radius="md" className={classes.overlay}>
              <DealCardView card={carried.card} currency={carried.currency} />
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
      <LostReasonModal
        card={losing?.card ?? null}
        onCancel={() => setLosing(null)}
        onConfirm={(choice) => {
          if (losing) move.mutate({ card: losing.card, to: losing.to, ...choice });
          setLosing(null);
        }}
      />
      {converting !== null && (
        <Suspense fallback={null}>
          <WonConversion contactId={converting} onDone={doneConverting} />
        </Suspense>
      )}
    </Stack>
  );
}
