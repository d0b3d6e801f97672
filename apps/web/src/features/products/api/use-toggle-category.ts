import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { setCategoryActive } from './categories-api';
import type { CategoryGroup } from './category-types';
import { categoryKeys } from './product-keys';

function withActive(tree: CategoryGroup[], id: number, isActive: boolean): CategoryGroup[] {
  return tree.map((group) =>
    group.id === id
      ? { ...group, isActive }
      : {
          ...group,
          children: group.children.map((child) => (child.id === id ? { ...child, isActive } : child)),
        },
  );
}

/** Flips a category's active state at once (002 §4); the switch moves before the server answers. */
export function useToggleCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive, version }: { id: number; isActive: boolean; version: number }) =>
      setCategoryActive(id, isActive, version),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: categoryKeys.tree });
      const previous = queryClient.getQueryData<CategoryGroup[]>(categoryKeys.tree);
      if (previous) queryClient.setQueryData(categoryKeys.tree, withActive(previous, id, isActive));
      return { previous };
    },
    onSuccess: (_category, { isActive }) => toast.success(m.statusToggled(isActive)),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(categoryKeys.tree, context.previous);
      toast.error(m.statusToggleFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.tree }),
  });
}
