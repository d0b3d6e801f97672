/** Where a deal's contact and partner are opened: a lead's or a customer's page, a partner's. */
export const contactPath = (contact: { id: number; type: string }): string =>
  contact.type.toUpperCase() === 'LEAD' ? `/lead/${contact.id}` : `/customer/${contact.id}`;

export const partnerPath = (agencyId: number): string => `/agency/${agencyId}`;

export const dealPath = (dealId: number): string => `/deals/${dealId}`;
