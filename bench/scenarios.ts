import type { ListQuery } from '@crm/domain';
import type { Db } from '../apps/server/src/db/database.js';
import type { ListSpec } from '../apps/server/src/db/list-query.js';
import { parseListQuery } from '../apps/server/src/db/list-query.js';
import { listUsers, userListSpec } from '../apps/server/src/modules/users/users.repository.js';
import type { Scenario } from './scenario-types.js';
import { CRM_SCENARIOS } from './scenarios-crm.js';
import { DEAL_SCENARIOS } from './scenarios-deals.js';
import { TASK_SCENARIOS } from './scenarios-tasks.js';

/** Targets hold at this many concurrent connections (the default load); beyond it they are only shown. */
export const TARGET_CONNECTIONS = 10;

export type { Scenario, WriteLoad } from './scenario-types.js';

type ListFn = (db: Db, query: ListQuery, spec: ListSpec) => Promise<unknown>;

/** A list endpoint's repository call, its parameters parsed once exactly as the route parses them. */
function listDirect(list: ListFn, spec: ListSpec): NonNullable<Scenario['direct']> {
  return (db, params) => {
    const query = parseListQuery(params, spec);
    return () => list(db, query, spec);
  };
}

/** Add a module's list pages here as it arrives (contacts, partners, products). */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'users: page of 50 by name',
    path: '/api/users?sort=name&order=asc&limit=50',
    target: { sqlite: 20 },
    direct: listDirect(listUsers, userListSpec),
  },
  {
    name: 'users: search q=ali',
    path: '/api/users?q=ali&sort=name&order=asc&limit=50',
    direct: listDirect(listUsers, userListSpec),
  },
  {
    name: 'users: page at offset 5000',
    path: '/api/users?sort=name&order=asc&limit=50&offset=5000',
    direct: listDirect(listUsers, userListSpec),
  },
  // Contacts, partners and products: bench/scenarios-crm.ts.
  ...CRM_SCENARIOS,
  // My Tasks and the bell: bench/scenarios-tasks.ts.
  ...TASK_SCENARIOS,
  // The deals board, a move, the palette's deals and the reports: bench/scenarios-deals.ts.
  ...DEAL_SCENARIOS,
];
