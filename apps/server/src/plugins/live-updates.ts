import { USERS_ROUTE_ROLES } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type Audience, adminsOnly, type EventKind, everyone } from '../modules/events/event-types.js';
import { parentOfFile, recordIsActive } from '../modules/parents.repository.js';

/** The first path segment of the routes whose writes refresh other people's screens. */
const KIND_OF_SEGMENT: Record<string, EventKind> = {
  contacts: 'contact',
  agencies: 'agency',
  products: 'product',
  'product-categories': 'category',
  users: 'user',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function numberIn(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function payloadId(payload: unknown): number | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const answer = JSON.parse(payload) as { id?: unknown; user?: { id?: unknown } };
    // Most writes answer the record; the profile answers { user }.
    return numberIn(answer.id ?? answer.user?.id);
  } catch {
    return undefined;
  }
}

/**
 * The record writes of contacts, agencies (with their notes, files and staff), products, categories
 * and users publish a live-update event once they succeeded: the route names the kind, the path or
 * the answer names the record, and the record's state names who may hear of it. One hook instead
 * of a call in every write of every service; tasks and notifications publish their own events.
 * The hook runs after the service returned, so after its transaction committed.
 */
export function liveUpdatesHook(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return payload;
    const segment = (request.routeOptions.url ?? '').split('/')[2] ?? '';
    const kind = KIND_OF_SEGMENT[segment];
    if (!kind) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = (request.body ?? {}) as Record<string, unknown>;

    let id = numberIn(params.id) ?? payloadId(payload);
    let recordKind: EventKind = kind;
    const fileId = numberIn(params.fileId);
    if (fileId) {
      const parent = await parentOfFile(ctx.db, fileId);
      if (parent) {
        recordKind = parent.kind;
        id = parent.id;
      }
    }
    const ids = id
      ? [id]
      : Array.isArray(body.ids)
        ? body.ids.map(numberIn).filter((n) => n !== undefined)
        : [];
    for (const recordId of ids.length > 0 ? ids : [0]) {
      ctx.events.publish({
        kind: recordKind,
        id: recordId,
        audience: await audienceOf(ctx, request, recordKind, recordId),
      });
    }
    return payload;
  };
}

/** The contact routes that deactivate: told to everyone, so that every list drops the row. */
function deactivates(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return url.endsWith('/deactivate') || (request.method === 'DELETE' && url === '/api/contacts/:id');
}

/**
 * A deactivated contact is for admins only; users are for those who may open the users list, and
 * the user concerned. Agencies (active or not), products and categories are everyone's.
 */
async function audienceOf(
  ctx: AppContext,
  request: FastifyRequest,
  kind: EventKind,
  id: number,
): Promise<Audience> {
  const callerId = request.auth?.user.id;
  if (kind === 'user') return { roles: USERS_ROUTE_ROLES, users: id ? [id] : callerId ? [callerId] : [] };
  if (kind !== 'contact') return everyone;
  if (id === 0) return adminsOnly;
  if (deactivates(request)) return everyone;
  return (await recordIsActive(ctx.db, { kind: 'contact', id })) ? everyone : adminsOnly;
}
