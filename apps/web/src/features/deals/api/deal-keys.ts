/**
 * Query keys: everything under ['deals'] is refreshed after a change to any deal (the board, the
 * list, a detail, a contact's or partner's Deals tab). Stages and lost reasons have their own roots,
 * refreshed by their own live events.
 */
export const dealKeys = {
  all: ['deals'] as const,
  lists: ['deals', 'list'] as const,
  board: ['deals', 'board'] as const,
  detail: (id: number) => ['deals', 'detail', id] as const,
  ofContact: (contactId: number) => ['deals', 'of-contact', contactId] as const,
  ofAgency: (agencyId: number) => ['deals', 'of-agency', agencyId] as const,
};

export const dealStageKeys = {
  all: ['deal-stages'] as const,
};

export const lostReasonKeys = {
  all: ['deal-lost-reasons'] as const,
};
