import { MULTI_CHOICE_GROUPS, PRODUCT_DETAIL_GROUPS } from '@crm/domain';

/** The six groups every installation has, in the order the specification lists them. */
export const KNOWN_GROUPS: readonly string[] = [...PRODUCT_DETAIL_GROUPS, ...MULTI_CHOICE_GROUPS];

const rank = (name: string) => {
  const index = KNOWN_GROUPS.indexOf(name);
  return index < 0 ? KNOWN_GROUPS.length : index;
};

/** City, Unit Type, Property Type, View, Interior and Exterior Features, then any others as given. */
export function inGroupOrder<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(nameOf(a.item)) - rank(nameOf(b.item)) || a.index - b.index)
    .map(({ item }) => item);
}
