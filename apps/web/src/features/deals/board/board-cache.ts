import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { DealListRow, DealStage } from '../api/deal-types';
import type { BoardColumnPage } from './board-api';
import { boardKeys } from './board-keys';

type Column = InfiniteData<BoardColumnPage, string | null>;

/** Pounds with pence kept exact, as the server adds pence. */
const pounds = (value: number) => Math.round(value * 100) / 100;
const weighted = (amount: number, probability: number) => pounds((amount * probability) / 100);

function withoutCard(column: Column, dealId: number, card: DealListRow): Column {
  const [first, ...rest] = column.pages;
  if (!first) return column;
  const pages = [first, ...rest].map((page) => ({
    ...page,
    cards: page.cards.filter((c) => c.id !== dealId),
  }));
  const head = pages[0] as BoardColumnPage;
  pages[0] = {
    ...head,
    count: Math.max(0, head.count - 1),
    totalAmount: pounds(head.totalAmount - card.amount),
    weightedTotal: pounds(head.weightedTotal - weighted(card.amount, card.probability)),
  };
  return { ...column, pages };
}

function withCardOnTop(column: Column, card: DealListRow): Column {
  const [first, ...rest] = column.pages;
  if (!first) return column;
  const cards = [card, ...first.cards.filter((c) => c.id !== card.id)];
  return {
    ...column,
    pages: [
      {
        ...first,
        cards,
        count: first.count + 1,
        totalAmount: pounds(first.totalAmount + card.amount),
        weightedTotal: pounds(first.weightedTotal + weighted(card.amount, card.probability)),
      },
      ...rest,
    ],
  };
}

/** The filters part of a column's key, so that a card moves between the columns of one filter. */
const filtersOf = (key: QueryKey) => key[3];

/**
 * Moves a card in every cached board it is on: out of its column, to the top of the target column
 * (the server orders a column by latest change, and a move is the latest), with both columns'
 * count, total and weighted total following. The card takes the stage's own probability, as the
 * server gives it.
 */
export function moveCardInCache(client: QueryClient, card: DealListRow, to: DealStage): void {
  const moved: DealListRow = {
    ...card,
    stageId: to.id,
    stage: { id: to.id, name: to.name, kind: to.kind },
    probability: to.probability,
    updatedAt: new Date().toISOString(),
  };
  for (const [key, column] of client.getQueriesData<Column>({ queryKey: boardKeys.stage(card.stageId) })) {
    if (!column?.pages.some((page) => page.cards.some((c) => c.id === card.id))) continue;
    client.setQueryData<Column>(key, withoutCard(column, card.id, card));
    const targetKey = [...boardKeys.stage(to.id), filtersOf(key)];
    client.setQueryData<Column>(targetKey, (target) => (target ? withCardOnTop(target, moved) : target));
  }
}

/** Puts the server's answer (its new version above all) on the card wherever it is cached. */
export function updateCardInCache(client: QueryClient, deal: DealListRow): void {
  client.setQueriesData<Column>({ queryKey: boardKeys.stage(deal.stageId) }, (column) =>
    column
      ? {
          ...column,
          pages: column.pages.map((page) => ({
            ...page,
            cards: page.cards.map((c) => (c.id === deal.id ? { ...c, ...pick(deal) } : c)),
          })),
        }
      : column,
  );
}

/** The list row's fields of a whole deal (the answer also carries lines and the currency). */
function pick(deal: DealListRow): DealListRow {
  const {
    lines: _lines,
    currency: _currency,
    ...row
  } = deal as DealListRow & { lines?: unknown; currency?: unknown };
  return row;
}
