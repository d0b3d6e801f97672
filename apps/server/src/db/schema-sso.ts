/* Single sign-on through an OpenID Connect provider (migration 0037). */

/** The tables of single sign-on; `Database` includes them. */
// biome-ignore lint/suspicious/noEmptyInterface: filled as single sign-on lands
export interface SingleSignOnTables {}
