import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { renameCategory } from './categories-api';
import { categoryKeys } from './product-keys';

/** Renames a subcategory in place (the edit dialog's inline edit). */
export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, parentId }: { id: number; name: string; parentId: number | null }) =>
      renameCategory(id, name, parentId),
    onSuccess: async () => {
      toast.success(m.categoryUpdated);
      await queryClient.invalidateQueries({ queryKey: categoryKeys.tree });
    },
    onError: (error) => toast.error(errorMessage(error, m.saveCategoryFailed)),
  });
}
