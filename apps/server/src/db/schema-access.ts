/* Who may sign in and how: second factors (migration 0034). */

/** The tables of sign-in's second factor; `Database` includes them. */
// biome-ignore lint/suspicious/noEmptyInterface: filled as the access tables land
export interface AccessTables {}
