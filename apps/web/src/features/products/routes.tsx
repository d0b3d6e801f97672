import type { RouteObject } from 'react-router';

/** The products screens, mounted by app/router.tsx inside the signed-in shell (002 §2); one chunk each. */
export const productRoutes: RouteObject[] = [
  {
    path: '/products',
    lazy: async () => ({ Component: (await import('./routes/products-page')).ProductsPage }),
  },
  {
    path: '/product/:id',
    lazy: async () => ({ Component: (await import('./routes/product-detail-page')).ProductDetailPage }),
  },
  {
    path: '/product-categories',
    lazy: async () => ({
      Component: (await import('./routes/product-categories-page')).ProductCategoriesPage,
    }),
  },
];
