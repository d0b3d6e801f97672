import { compareTurkish, MULTI_CHOICE_GROUPS } from '@crm/domain';
import type { CategoryGroup } from '../../api/category-types';
import { inGroupOrder } from '../../lib/group-order';

export interface CategoryOption {
  value: string;
  label: string;
}

/** Interior Features and Exterior Features take several choices; every other group one. */
export function isMultiChoice(group: CategoryGroup): boolean {
  return (MULTI_CHOICE_GROUPS as readonly string[]).includes(group.name);
}

/**
 * Active subcategories are offered, in Turkish order (Çanakkale after Cyprus, İzmir after Istanbul);
 * an inactive one stays listed only while the product already has it, so that editing a product
 * never drops a choice silently.
 */
export function optionsOf(group: CategoryGroup, chosen: ReadonlySet<number>): CategoryOption[] {
  return group.children
    .filter((child) => child.isActive || chosen.has(child.id))
    .sort((a, b) => compareTurkish(a.name, b.name))
    .map((child) => ({
      value: String(child.id),
      label: child.isActive ? child.name : `${child.name} (inactive)`,
    }));
}

/** The groups the dialog shows: active ones, and inactive ones the product already has a choice in. */
export function offeredGroups(tree: readonly CategoryGroup[], chosen: ReadonlySet<number>): CategoryGroup[] {
  const shown = tree.filter(
    (group) => group.isActive || group.children.some((child) => chosen.has(child.id)),
  );
  return inGroupOrder(shown, (group) => group.name);
}

/** Replaces a group's choices in the product's list of category ids, keeping the other groups'. */
export function replaceGroupChoice(
  categoryIds: readonly number[],
  group: CategoryGroup,
  picked: readonly string[],
): number[] {
  const inGroup = new Set(group.children.map((child) => child.id));
  return [...categoryIds.filter((id) => !inGroup.has(id)), ...picked.map(Number)];
}
