import type { Agency } from './api/agency-types';

/** The agency a screen passed in navigation state (002 §2), if it is the one with this id. */
export function agencyFromState(state: unknown, id: number | undefined): Agency | undefined {
  if (typeof state !== 'object' || state === null || !('agency' in state)) return undefined;
  const agency: unknown = state.agency;
  if (typeof agency !== 'object' || agency === null) return undefined;
  const candidate = agency as Partial<Agency>;
  return candidate.id === id && typeof candidate.name === 'string' && typeof candidate.email === 'string'
    ? (candidate as Agency)
    : undefined;
}

/** A route's numeric id, or undefined when it is not a positive whole number. */
export function parseId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
