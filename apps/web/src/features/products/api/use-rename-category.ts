import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { renameCategory } from './categories-api';
import { categoryKeys } from './product-keys';

interface RenameCategoryInput {
  id: number;
  name: string;
  parentId: number | null;
  /** The version renamed: a stale one answers 409, whose sentence the toast shows. */
  version: number | undefined;
}

/** Renames a subcategory in place (the edit dialog's inline edit). */
export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, parentId, version }: RenameCategoryInput) =>
      renameCategory(id, name, parentId, version),
    onSuccess: async () => {
      toast.success(m.categoryUpdated);
      await queryClient.invalidateQueries({ queryKey: categoryKeys.tree });
    },
    onError: (error) => toast.error(errorMessage(error, m.saveCategoryFailed)),
  });
}
