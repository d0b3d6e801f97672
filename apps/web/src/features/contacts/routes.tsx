import type { RouteObject } from 'react-router';

/** The contacts screens, mounted by app/router.tsx inside the signed-in shell. */
export const contactRoutes: RouteObject[] = [];
