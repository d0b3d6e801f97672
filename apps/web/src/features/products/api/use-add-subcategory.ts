import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { failureMessage } from '../lib/failure-message';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { createCategory } from './categories-api';
import { categoryKeys } from './product-keys';

/** Adds a subcategory to an existing category straight away (the edit dialog). */
export function useAddSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, parentId }: { name: string; parentId: number }) => createCategory(name, parentId),
    onSuccess: async () => {
      toast.success(m.subcategoryAdded);
      await queryClient.invalidateQueries({ queryKey: categoryKeys.tree });
    },
    onError: (error) => toast.error(failureMessage(error, m.addSubcategoryFailed, m.somethingWentWrong)),
  });
}
