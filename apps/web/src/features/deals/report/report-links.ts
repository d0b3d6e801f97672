/**
 * Where each bar, slice and row of the report leads: the deals list filtered to what it counts, in
 * the lists' URL state (`f.<column>=equals:<value>`, a month as `contains:YYYY-MM`).
 */
const param = (column: string, mode: 'equals' | 'contains', value: string | number) =>
  `f.${column}=${encodeURIComponent(`${mode}:${value}`)}`;

const list = (...params: string[]) => `/deals/list?${params.join('&')}`;

export const dealsInStage = (stageId: number) => list(param('stageId', 'equals', stageId));

/** The deals expected to close in a month (YYYY-MM). */
export const dealsClosingIn = (month: string) => list(param('expectedCloseDate', 'contains', month));

/** The deals in one stage expected to close in a month. */
export const stageDealsClosingIn = (stageId: number, month: string) =>
  list(param('stageId', 'equals', stageId), param('expectedCloseDate', 'contains', month));

export const wonDealsOfPartner = (wonStageId: number, agencyId: number) =>
  list(param('stageId', 'equals', wonStageId), param('agencyId', 'equals', agencyId));

export const wonDealsOfOwner = (wonStageId: number, ownerId: number) =>
  list(param('stageId', 'equals', wonStageId), param('ownerId', 'equals', ownerId));

/** The deals won in a month (YYYY-MM), by their won date. */
export const dealsWonIn = (wonStageId: number, month: string) =>
  list(param('stageId', 'equals', wonStageId), param('wonDate', 'contains', month));

/** The deals lost for one reason; those lost without one are the Lost stage's. */
export const dealsLostFor = (lostStageId: number, lostReasonId: number | null) =>
  lostReasonId === null
    ? dealsInStage(lostStageId)
    : list(param('stageId', 'equals', lostStageId), param('lostReasonId', 'equals', lostReasonId));
