import type { AppContext } from '../../context.js';
import {
  type AGENCY_GROUP_RULES,
  agencyGroups,
  type CONTACT_GROUP_RULES,
  contactGroups,
} from './duplicate-groups.repository.js';

export interface GroupPage {
  limit: number;
  offset: number;
}

/** Groups of likely duplicate contacts across the database, by one key of the rule, paged. */
export async function contactDuplicateGroups(
  ctx: AppContext,
  rule: keyof typeof CONTACT_GROUP_RULES,
  page: GroupPage,
) {
  const { values, members } = await contactGroups(ctx.db, rule, page.limit + 1, page.offset);
  return {
    hasMore: values.length > page.limit,
    groups: values.slice(0, page.limit).map(({ value, n }) => ({
      value,
      count: n,
      members: members
        .filter((member) => member.group_value === value)
        .map((member) => ({
          id: member.id,
          type: member.type,
          name: `${member.name} ${member.surname}`,
          email: member.email,
          phone: member.phone,
          updatedAt: member.updated_at,
        })),
    })),
  };
}

export async function agencyDuplicateGroups(
  ctx: AppContext,
  rule: keyof typeof AGENCY_GROUP_RULES,
  page: GroupPage,
) {
  const { values, members } = await agencyGroups(ctx.db, rule, page.limit + 1, page.offset);
  return {
    hasMore: values.length > page.limit,
    groups: values.slice(0, page.limit).map(({ value, n }) => ({
      value,
      count: n,
      members: members
        .filter((member) => member.group_value === value)
        .map((member) => ({
          id: member.id,
          type: null,
          name: member.name,
          email: member.email,
          phone: member.office_number,
          updatedAt: member.updated_at,
        })),
    })),
  };
}
