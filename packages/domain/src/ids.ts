/** Ids are 32-bit integers on both engines; anything larger cannot name a row. */
export const ID_MAX = 2_147_483_647;
