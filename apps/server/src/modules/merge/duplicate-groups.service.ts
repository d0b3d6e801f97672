import type { AppContext } from '../../context.js';
import type { DuplicateSpec } from '../records/duplicate-spec.js';
import { holdersOf, sharedValues } from '../records/duplicates.repository.js';

export interface GroupPage {
  limit: number;
  offset: number;
}

const MEMBERS_PER_GROUP = 10;

/** How a group's member reads on the duplicates screen, whichever its kind. */
export interface GroupMember {
  id: number;
  type: string | null;
  name: string;
  email: string | null;
  phone: string;
  updatedAt: string;
}

/**
 * Groups of likely duplicates across the database, by one key of the kind's duplicate rule, a page
 * at a time, read through the same keys and indexes as every other duplicate lookup.
 */
export async function duplicateGroups<Row>(
  ctx: AppContext,
  spec: DuplicateSpec<never, Row>,
  keyName: string,
  member: (row: Row) => Omit<GroupMember, 'updatedAt'>,
  page: GroupPage,
) {
  const key = spec.keys.find((k) => k.name === keyName);
  if (!key) return { hasMore: false, groups: [] };
  const values = await sharedValues(
    ctx.db,
    spec as DuplicateSpec<unknown, unknown>,
    key.column,
    page.limit + 1,
    page.offset,
  );
  const shown = values.slice(0, page.limit);
  const holders = await holdersOf(
    ctx.db,
    spec as DuplicateSpec<unknown, Row>,
    key.column,
    shown.map((v) => v.value),
    shown.length * MEMBERS_PER_GROUP,
  );
  return {
    hasMore: values.length > page.limit,
    groups: shown.map(({ value, n }) => ({
      value,
      count: n,
      members: holders
        .filter((holder) => holder.value === value)
        .map((holder) => ({ ...member(holder.row), updatedAt: holder.updatedAt })),
    })),
  };
}
