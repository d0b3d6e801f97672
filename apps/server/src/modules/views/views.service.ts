import {
  listViewStateSchema,
  viewMessages as m,
  type saveViewSchema,
  type updateViewSchema,
  type ViewList,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { nowIso } from '../../lib/time.js';
import { deleteView, findView, insertView, updateView, type ViewRow, viewsFor } from './views.repository.js';
import type { viewResponse } from './views.schemas.js';

type View = z.output<typeof viewResponse>;

function toView(row: ViewRow, actor: Actor): View {
  // A state saved by an older version reads with today's defaults rather than failing.
  const parsed = listViewStateSchema.safeParse(JSON.parse(row.state));
  return {
    id: row.id,
    list: row.list as ViewList,
    name: row.name,
    shared: row.shared === 1,
    state: parsed.success ? parsed.data : listViewStateSchema.parse({}),
    owner: { id: row.user_id, name: row.owner_name },
    mine: row.user_id === actor.user.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A view the caller may open: their own, or a shared one. Another person's private view is refused. */
async function readableView(ctx: AppContext, actor: Actor, id: number): Promise<ViewRow> {
  const row = await findView(ctx.db, id);
  if (!row) throw notFound(m.notFound);
  if (row.user_id !== actor.user.id && row.shared !== 1) throw forbidden(m.private);
  return row;
}

async function ownView(ctx: AppContext, actor: Actor, id: number): Promise<ViewRow> {
  const row = await readableView(ctx, actor, id);
  if (row.user_id !== actor.user.id) throw forbidden(m.notOwner);
  return row;
}

export async function listViews(ctx: AppContext, actor: Actor, list: ViewList): Promise<View[]> {
  return (await viewsFor(ctx.db, actor.user.id, list)).map((row) => toView(row, actor));
}

export async function getView(ctx: AppContext, actor: Actor, id: number): Promise<View> {
  return toView(await readableView(ctx, actor, id), actor);
}

export async function saveView(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof saveViewSchema>,
): Promise<View> {
  const at = nowIso();
  const id = await insertView(ctx.db, {
    user_id: actor.user.id,
    list: input.list,
    name: input.name,
    shared: input.shared ? 1 : 0,
    state: JSON.stringify(input.state),
    created_at: at,
    updated_at: at,
  });
  return getView(ctx, actor, id);
}

export async function changeView(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof updateViewSchema>,
): Promise<View> {
  await ownView(ctx, actor, id);
  await updateView(ctx.db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.shared !== undefined ? { shared: input.shared ? 1 : 0 } : {}),
    ...(input.state !== undefined ? { state: JSON.stringify(input.state) } : {}),
    updated_at: nowIso(),
  });
  return getView(ctx, actor, id);
}

export async function removeView(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownView(ctx, actor, id);
  await deleteView(ctx.db, id);
}
