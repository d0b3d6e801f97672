import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isNetworkError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { deleteCategory } from './categories-api';
import { categoryKeys } from './product-keys';

/**
 * Deletes a category or subcategory. The server refuses (409, with its reason) while products use
 * it or it still has subcategories; that reason is what the toast shows.
 */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onSuccess: async () => {
      toast.success(m.categoryDeleted);
      await queryClient.invalidateQueries({ queryKey: categoryKeys.tree });
    },
    onError: (error) =>
      toast.error(
        isNetworkError(error) ? m.deleteCategoryError : errorMessage(error, m.deleteCategoryFailed),
      ),
  });
}
