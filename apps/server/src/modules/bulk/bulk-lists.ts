import { contactMessages } from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { ListSource } from '../../db/list-stream.js';
import { agencyListExport } from '../agencies/agencies.service.js';
import { writeAgency } from '../agencies/agency-write.js';
import { writeContact } from '../contacts/contact-write.js';
import { contactListExport } from '../contacts/contacts.service.js';
import { writeProduct } from '../products/product-write.js';
import { productListExport } from '../products/products.service.js';
import type { WriteScope } from '../records/write-scope.js';

export const BULK_LISTS = ['leads', 'customers', 'partners', 'products'] as const;
export type BulkList = (typeof BULK_LISTS)[number];

export const BULK_ACTIONS = ['activate', 'deactivate', 'reassign'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkOptions {
  /** reassign: the user the contacts go to. */
  assignedToId?: number;
}

/** How one list's records are found by its parameters and changed, one record at a time. */
interface BulkKind {
  /** What a request may ask of the list's records (activate on contacts only undoes a deactivation). */
  actions: readonly BulkAction[];
  /** The list's rows for its parameters: the same parsing, scope and conditions as the screen. */
  source(ctx: AppContext, params: Record<string, unknown>): Promise<ListSource<unknown>>;
  /** The record's one write path; answers whether anything changed. */
  write(w: WriteScope, id: number, action: BulkAction, options: BulkOptions): Promise<boolean>;
  message(action: BulkAction, count: number): string;
}

const NOTHING = 'Nothing to update';

function contacts(type: 'LEAD' | 'CUSTOMER'): BulkKind {
  return {
    actions: ['deactivate', 'reassign', 'activate'],
    source: async (ctx, params) => (await contactListExport(ctx, params, { type })).source,
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

const KINDS: Record<BulkList, BulkKind> = {
  leads: contacts('LEAD'),
  customers: contacts('CUSTOMER'),
  partners: {
    actions: ['activate', 'deactivate'],
    source: async (ctx, params) => (await agencyListExport(ctx, params)).source as ListSource<unknown>,
    write: async (w, id, action) =>
      (await writeAgency(w, id, { isActive: action === 'activate' })).changed.length > 0,
    message: statusMessage('agencies'),
  },
  products: {
    actions: ['activate', 'deactivate'],
    source: async (ctx, params) => (await productListExport(ctx, params)).source as ListSource<unknown>,
    write: async (w, id, action) =>
      (await writeProduct(w, id, { isActive: action === 'activate' })).changed.length > 0,
    message: statusMessage('products'),
  },
};

export function bulkKind(list: BulkList): BulkKind {
  return KINDS[list];
}
