/** autocannon's onResponse for the deal-move load: the deal's new version, and the deal free again. */
const { settle } = require('./deal-moves.cjs');

module.exports = function onResponse(status, body, context) {
  settle(context.dealId, status, body);
};
