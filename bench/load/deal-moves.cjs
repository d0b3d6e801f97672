/**
 * The state of the deal-move load inside autocannon's worker thread: a pool of deals, each with the
 * version it is at and the two stages it goes back and forth between. autocannon resets a
 * connection's context after every request, so the pool lives here, shared by the worker's
 * connections; a deal is lent to one request at a time, so no two moves of one deal race.
 */
const state = { deals: undefined, next: 0, byId: new Map() };

/** The pool as the bench read it from the database just before this load (initialContext). */
function poolFrom(context) {
  if (!state.deals) {
    state.deals = context.deals.map((deal) => ({ ...deal, busy: false }));
    for (const deal of state.deals) state.byId.set(deal.id, deal);
  }
  return state.deals;
}

/** The next free deal, round robin; undefined when every deal is in flight (more connections than deals). */
function lend(context) {
  const deals = poolFrom(context);
  for (let tries = 0; tries < deals.length; tries++) {
    const deal = deals[state.next];
    state.next = (state.next + 1) % deals.length;
    if (!deal.busy) {
      deal.busy = true;
      return deal;
    }
  }
  return undefined;
}

/**
 * The answer to a move of deal `id`: a successful one carries the deal's new version and stage. The
 * deal is free again either way (a refused move counts as an error in the run's figures).
 */
function settle(id, status, body) {
  const deal = state.byId.get(id);
  if (!deal) return;
  deal.busy = false;
  if (status !== 200) return;
  const answer = JSON.parse(body);
  deal.version = answer.version;
  deal.stageId = answer.stageId;
}

module.exports = { lend, settle };
