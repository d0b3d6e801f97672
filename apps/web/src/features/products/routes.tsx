import type { RouteObject } from 'react-router';
import { ProductCategoriesPage } from './routes/product-categories-page';
import { ProductDetailPage } from './routes/product-detail-page';
import { ProductsPage } from './routes/products-page';

/** The products screens, mounted by app/router.tsx inside the signed-in shell (002 §2). */
export const productRoutes: RouteObject[] = [
  { path: '/products', element: <ProductsPage /> },
  { path: '/product/:id', element: <ProductDetailPage /> },
  { path: '/product-categories', element: <ProductCategoriesPage /> },
];
