/** A deal's contact: a lead or a customer, named as the lists name it. */
export interface DealContactRef {
  id: number;
  name: string;
  type: string;
}

export interface NamedRef {
  id: number;
  name: string;
}

/**
 * A row of GET /api/deals and a card of the board: the deal without its lines. Money is in major
 * units (pounds); format it with formatMoney(toMinor(amount), currency).
 */
export interface DealListRow {
  id: number;
  title: string;
  contactId: number;
  contact: DealContactRef;
  agencyId: number | null;
  agency: NamedRef | null;
  ownerId: number;
  owner: NamedRef;
  assignedToId: number | null;
  assignedTo: NamedRef | null;
  stageId: number;
  stage: { id: number; name: string; kind: string };
  probability: number;
  amount: number;
  expectedCloseDate: string | null;
  source: string | null;
  lostReasonId: number | null;
  lostReason: NamedRef | null;
  lostReasonText: string | null;
  wonDate: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** Sent back with an edit or a move, so that a change made meanwhile by someone else is not overwritten. */
  version: number;
}

export interface DealLine {
  productId: number;
  product: { id: number; title: string };
  quantity: number;
  unitPrice: number;
  /** A percentage: 12.5 is 12.5 % off. */
  discount: number;
  lineTotal: number;
}

/** GET /api/deals/{id} and every write's answer. */
export interface Deal extends DealListRow {
  lines: DealLine[];
  /** The installation's currency (ISO 4217), for formatMoney. */
  currency: string;
}

/** GET /api/deal-stages: every stage, active or not, in the board's order. */
export interface DealStage {
  id: number;
  name: string;
  position: number;
  probability: number;
  kind: 'open' | 'won' | 'lost' | string;
  isActive: boolean;
}

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
