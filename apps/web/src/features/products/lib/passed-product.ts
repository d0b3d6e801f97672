import type { Product } from '../api/product-types';

/**
 * The product passed in navigation state, if it is the one on screen and whole (it has its
 * categories). The list passes a list row, which is not: the detail then waits for the server.
 */
export function passedProduct(state: unknown, id: number | undefined): Product | undefined {
  if (typeof state !== 'object' || state === null || !('product' in state)) return undefined;
  const product: unknown = state.product;
  if (typeof product !== 'object' || product === null) return undefined;
  const record = product as Partial<Product>;
  const complete =
    record.id === id && typeof record.title === 'string' && Array.isArray(record.productCategories);
  return complete ? (product as Product) : undefined;
}

export function parseProductId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
