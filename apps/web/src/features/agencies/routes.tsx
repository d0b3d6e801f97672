import type { RouteObject } from 'react-router';

/** The agencies screens, mounted by app/router.tsx inside the signed-in shell. */
export const agencyRoutes: RouteObject[] = [];
