import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCategory, renameCategory } from './categories-api';
import type { CategoryGroup } from './category-types';
import { categoryKeys } from './product-keys';

export type SaveCategoryInput =
  | { mode: 'add'; name: string; subcategories: readonly string[] }
  | { mode: 'edit'; id: number; name: string; version: number | undefined };

export interface SaveCategoryResult {
  category: CategoryGroup;
  /** Names of the subcategories that could not be created after the new parent. */
  failedSubcategories: string[];
}

async function save(input: SaveCategoryInput): Promise<SaveCategoryResult> {
  if (input.mode === 'edit') {
    return {
      category: await renameCategory(input.id, input.name, null, input.version),
      failedSubcategories: [],
    };
  }
  // Subcategories need the parent's id, so they are created one by one once it exists.
  const category = await createCategory(input.name, null);
  const failedSubcategories: string[] = [];
  for (const name of input.subcategories) {
    try {
      await createCategory(name, category.id);
    } catch {
      failedSubcategories.push(name);
    }
  }
  return { category, failedSubcategories };
}

/** Creates a top-level category (then its subcategories) or renames one. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.tree }),
  });
}
