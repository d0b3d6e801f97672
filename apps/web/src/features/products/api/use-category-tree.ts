import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { productScreenMessages as m } from '../lib/product-screen-messages';
import { fetchCategoryTree } from './categories-api';
import { categoryKeys } from './product-keys';

/** The category tree; toasts "Failed to fetch categories" when it cannot be loaded. */
export function useCategoryTree() {
  const query = useQuery({
    queryKey: categoryKeys.tree,
    queryFn: ({ signal }) => fetchCategoryTree(signal),
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(m.loadCategoriesFailed);
  }, [isError, errorUpdatedAt]);
  return query;
}
