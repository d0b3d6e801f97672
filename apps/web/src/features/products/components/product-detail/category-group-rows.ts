import { compareTurkish } from '@crm/domain';
import type { CategoryGroup } from '../../api/category-types';
import type { Product } from '../../api/product-types';
import { inGroupOrder, KNOWN_GROUPS } from '../../lib/group-order';

export interface CategoryGroupRow {
  group: string;
  /** Names of the product's chosen subcategories in that group, in Turkish order. */
  chosen: string[];
}

/**
 * One row per top-level group: every active group (the six known ones when the tree could not be
 * loaded), and any group in which the product has a choice, even one deactivated since.
 */
export function categoryGroupRows(
  product: Product,
  tree: readonly CategoryGroup[] | undefined,
): CategoryGroupRow[] {
  const chosen = new Map<string, string[]>();
  for (const { category } of product.productCategories) {
    const group = category.parent?.name ?? category.name;
    chosen.set(group, [...(chosen.get(group) ?? []), category.name]);
  }
  const groups = tree ? tree.filter((group) => group.isActive).map((group) => group.name) : [...KNOWN_GROUPS];
  for (const group of chosen.keys()) if (!groups.includes(group)) groups.push(group);
  return inGroupOrder(groups, (group) => group).map((group) => ({
    group,
    chosen: [...(chosen.get(group) ?? [])].sort(compareTurkish),
  }));
}
