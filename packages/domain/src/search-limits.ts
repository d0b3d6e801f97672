// Apart from the phone matching, so that the command palette reads them without libphonenumber.
/** The kinds of record the command palette finds, in the order it shows their groups. */
export const SEARCH_KINDS = ['contact', 'agency', 'deal', 'product', 'user'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Shortest query the palette sends; shorter ones would match half the database. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
