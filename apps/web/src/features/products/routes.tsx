import type { RouteObject } from 'react-router';

/** The products screens, mounted by app/router.tsx inside the signed-in shell. */
export const productRoutes: RouteObject[] = [];
