export const productKeys = {
  all: ['products'] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  partners: (search: string) => ['products', 'partner-options', search] as const,
};

export const categoryKeys = {
  tree: ['product-categories'] as const,
};
