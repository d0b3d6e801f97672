import type { DealListRow, DealNamedRef } from '@crm/domain';

// The deal's API shapes are the domain's, shared with the server's mapper.
export type { Deal, DealLine, DealListRow, DealStage } from '@crm/domain';

/** A deal's contact: a lead or a customer, named as the lists name it. */
export type DealContactRef = DealListRow['contact'];

export type NamedRef = DealNamedRef;

/** GET /api/deal-lost-reasons. */
export interface LostReason {
  id: number;
  name: string;
  position: number;
  isActive: boolean;
}

/** GET /api/contacts/{id}/deals. */
export interface ContactDeals {
  deals: DealListRow[];
  currency: string;
}

/** GET /api/agencies/{id}/deals: with the partner's won revenue and commission, in pounds. */
export interface AgencyDeals extends ContactDeals {
  referredRevenue: number;
  /** A percentage: 12.5 is 12.5 %. */
  commissionRate: number;
  commissionEarned: number;
}
