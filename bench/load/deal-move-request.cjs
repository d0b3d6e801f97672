/** autocannon's setupRequest for the deal-move load: PATCH the next free deal to its other stage, with its version. */
const { lend } = require('./deal-moves.cjs');

module.exports = function setupRequest(request, context) {
  const deal = lend(context);
  if (!deal) throw new Error('Every deal of the pool is in flight: give the load a bigger pool');
  // autocannon hands the answer the context this request was built with: onResponse frees this deal.
  context.dealId = deal.id;
  const stageId = deal.stageId === deal.stages[0] ? deal.stages[1] : deal.stages[0];
  return {
    ...request,
    method: 'PATCH',
    path: `/api/deals/${deal.id}/stage`,
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ stageId, version: deal.version }),
  };
};
