import { contactMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { ListSource } from '../../db/list-stream.js';
import type { Actor } from '../../lib/actor.js';
import { agencyListExport } from '../agencies/agencies.service.js';
import { writeAgency } from '../agencies/agency-write.js';
import { writeContact } from '../contacts/contact-write.js';
import { contactListExport } from '../contacts/contacts.service.js';
import { checkDealBulkMove, dealBulkSource, writeDealInBulk } from '../deals/deal-bulk.js';
import { writeProduct } from '../products/product-write.js';
import { productListExport } from '../products/products.service.js';
import type { WriteScope } from '../records/write-scope.js';

/** The admin lists of POST /api/bulk/{list}; the deals list has its own routes (any user may move). */
export const BULK_LISTS = ['leads', 'customers', 'partners', 'products'] as const;
export type BulkList = (typeof BULK_LISTS)[number] | 'deals';

export const BULK_ACTIONS = ['activate', 'deactivate', 'reassign'] as const;
/** The deals list's actions: a move to a stage besides the others'. */
export const DEAL_BULK_ACTIONS = ['move', 'reassign', 'deactivate', 'activate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number] | 'move';

export interface BulkOptions {
  /** reassign: the user the records go to. */
  assignedToId?: number;
  /** move (deals): the stage, and on Lost the one reason for every deal. */
  stageId?: number;
  lostReasonId?: number | null;
  lostReasonText?: string | null;
  /** The stage's or the assignee's name, read when the request is checked, for the outcome's message. */
  targetName?: string;
}

/** How one list's records are found by its parameters and changed, one record at a time. */
interface BulkKind {
  /** What a request may ask of the list's records (activate on contacts only undoes a deactivation). */
  actions: readonly BulkAction[];
  /** The actions a user who is not an admin may run (on what their own list shows them). */
  userActions?: readonly BulkAction[];
  /** A check of the action's options before any record is written; answers the target's name. */
  check?(ctx: AppContext, action: BulkAction, options: BulkOptions): Promise<string | undefined>;
  /** The list's rows for its parameters: the same parsing, scope and conditions as the screen. */
  source(ctx: AppContext, actor: Actor, params: Record<string, unknown>): Promise<ListSource<unknown>>;
  /** The record's one write path; answers whether anything changed. */
  write(w: WriteScope, id: number, action: BulkAction, options: BulkOptions): Promise<boolean>;
  message(action: BulkAction, count: number, options: BulkOptions): string;
}

const NOTHING = 'Nothing to update';

function contacts(type: 'LEAD' | 'CUSTOMER'): BulkKind {
  return {
    actions: ['deactivate', 'reassign', 'activate'],
    source: async (ctx, _actor, params) => (await contactListExport(ctx, params, { type })).source,
    write: async (w, id, action, options) => {
      const change =
        action === 'reassign' ? { assignedToId: options.assignedToId } : { isActive: action === 'activate' };
      return (await writeContact(w, id, change)).changed.length > 0;
    },
    message: (action, count) => {
      if (count === 0) return NOTHING;
      if (action === 'reassign') return contactMessages.reassigned;
      if (action === 'deactivate') return contactMessages.bulkDeactivated;
      return `Reactivated ${count.toLocaleString('en')} ${count === 1 ? 'contact' : 'contacts'}`;
    },
  };
}

/** Partners' and products' status actions answer as their per-id bulk actions do (002 §4). */
const statusMessage = (noun: string) => (action: BulkAction, count: number) =>
  count === 0
    ? NOTHING
    : `${action === 'activate' ? 'Activated' : 'Deactivated'} ${count} ${noun} successfully`;

const count = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'deal' : 'deals'}`;

/**
 * The deals list's actions as its per-deal ones: anyone moves what their list shows them (a plain
 * user their own active deals); reassigning (owner and assignee) and deactivating are an admin's.
 */
const deals: BulkKind = {
  actions: ['move', 'reassign', 'deactivate', 'activate'],
  userActions: ['move'],
  check: async (ctx, action, options) =>
    action === 'move'
      ? checkDealBulkMove(ctx, {
          stageId: options.stageId,
          lostReasonId: options.lostReasonId ?? null,
          lostReasonText: options.lostReasonText ?? null,
        })
      : undefined,
  source: dealBulkSource,
  write: (w, id, action, options) => {
    if (action === 'move')
      return writeDealInBulk(w, id, {
        move: {
          stageId: options.stageId!,
          lostReasonId: options.lostReasonId ?? null,
          lostReasonText: options.lostReasonText ?? null,
        },
      });
    if (action === 'reassign') return writeDealInBulk(w, id, { reassignTo: options.assignedToId! });
    return writeDealInBulk(w, id, { isActive: action === 'activate' });
  },
  message: (action, n, options) => {
    if (n === 0) return NOTHING;
    if (action === 'move') return `Moved ${count(n)} to ${options.targetName}`;
    if (action === 'reassign') return `Reassigned ${count(n)} to ${options.targetName}`;
    return `${action === 'activate' ? 'Reactivated' : 'Deactivated'} ${count(n)}`;
  },
};

const KINDS: Record<BulkList, BulkKind> = {
  deals,
  leads: contacts('LEAD'),
  customers: contacts('CUSTOMER'),
  partners: {
    actions: ['activate', 'deactivate'],
    source: async (ctx, _actor, params) =>
      (await agencyListExport(ctx, params)).source as ListSource<unknown>,
    write: async (w, id, action) =>
      (await writeAgency(w, id, { isActive: action === 'activate' })).changed.length > 0,
    message: statusMessage('agencies'),
  },
  products: {
    actions: ['activate', 'deactivate'],
    source: async (ctx, _actor, params) =>
      (await productListExport(ctx, params)).source as ListSource<unknown>,
    write: async (w, id, action) =>
      (await writeProduct(w, id, { isActive: action === 'activate' })).changed.length > 0,
    message: statusMessage('products'),
  },
};

export function bulkKind(list: BulkList): BulkKind {
  return KINDS[list];
}
