/* What other systems read: the task calendar feeds (migration 0035). */

/** The tables of the connections to other systems; `Database` includes them. */
// biome-ignore lint/suspicious/noEmptyInterface: filled as the integration tables land
export interface IntegrationTables {}
