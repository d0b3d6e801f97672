import type { LiveQueries } from '../../lib/live-queries';
import { categoryKeys, productKeys } from './api/product-keys';

export const productLiveQueries: LiveQueries = {
  product: () => [productKeys.all],
  // Products show their categories' names and active state.
  category: () => [categoryKeys.tree, productKeys.all],
};
