/** The one clock of the server; ISO 8601 UTC strings are what the database stores. */
export const nowIso = (): string => new Date().toISOString();
export const isoAfter = (ms: number, from: number = Date.now()): string => new Date(from + ms).toISOString();
