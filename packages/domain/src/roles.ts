// Kept apart from the user schemas so that the web app's route guard reads them without zod.
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
/** The /users route also admits "manager" (specification 000 §2.2); no account can hold it today. */
export const USERS_ROUTE_ROLES = ['admin', 'manager'] as const;
