import { ACTIVITY_TABLES, seedActivity } from './activity.js';
import { AGENCY_TABLES, STAFF_TABLES, seedAgencies, seedAgencyStaff } from './agencies.js';
import { CONTACT_TABLES, seedContacts } from './contacts.js';
import type { SeedStep } from './context.js';
import { DEAL_TABLES, DEALS_PER_CONTACT, seedDeals } from './deals.js';
import { PRODUCT_TABLES, seedProducts } from './products.js';
import { seedTasks, TASK_TABLES } from './tasks.js';

/**
 * The CRM's data sets after the users, in the order they depend on each other: partners (with
 * parents and sales reps), contacts (some referred by partners), the partners' staff from their own
 * contacts, notes and history for both, and products (some listed by partner companies) over the
 * category tree, then tasks and notifications for My Tasks and the bell, and deals over the contacts
 * (their lines name the products). `npm run seed` and
 * `npm run bench` both run them.
 */
export const CRM_STEPS: readonly SeedStep[] = [
  { option: 'partners', defaultCount: 50_000, tables: AGENCY_TABLES, run: seedAgencies },
  { option: 'contacts', defaultCount: 100_000, tables: CONTACT_TABLES, run: seedContacts },
  { defaultCount: 0, tables: STAFF_TABLES, run: (ctx) => seedAgencyStaff(ctx) },
  { defaultCount: 0, tables: ACTIVITY_TABLES, run: (ctx) => seedActivity(ctx) },
  { option: 'products', defaultCount: 100_000, tables: PRODUCT_TABLES, run: seedProducts },
  { option: 'tasks', defaultCount: 200_000, tables: TASK_TABLES, run: seedTasks },
  {
    option: 'deals',
    defaultCount: 0,
    defaultOf: (counts) => Math.round((counts.contacts ?? 0) * DEALS_PER_CONTACT),
    mayBeEmpty: true,
    tables: DEAL_TABLES,
    run: seedDeals,
  },
];

/** Every table the steps fill, children first, so that emptying them in this order breaks no reference. */
export function tablesToClear(steps: readonly SeedStep[]): SeedStep['tables'] {
  return [...steps].reverse().flatMap((step) => step.tables);
}
