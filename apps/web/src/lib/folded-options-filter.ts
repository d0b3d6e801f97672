import { searchFold } from '@crm/domain';
import {
  type ComboboxItem,
  type ComboboxParsedItem,
  isOptionsGroup,
  type OptionsFilter,
} from '@mantine/core';

/** Whether `text` holds what was typed, search-folded on both sides as the server's searches are. */
export function foldedIncludes(text: string, typed: string): boolean {
  return searchFold(text).includes(searchFold(typed.trim()));
}

/**
 * A Select's filter over the options it holds, matching as the server's searches do: "sukru" finds
 * "Şükrü Dağdelen" and "turkiye" finds "Türkiye". Mantine's own filter lowers case only.
 */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const result: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (result.length === limit) break;
    if (isOptionsGroup(item)) {
      const items = foldedOptionsFilter({ options: item.items, search, limit: limit - result.length });
      result.push({ group: item.group, items: items as ComboboxItem[] });
    } else if (foldedIncludes(item.label, search)) result.push(item);
  }
  return result;
};
