import type { RouteObject } from 'react-router';
import { MyTasksPage } from './routes/my-tasks-page';

export const taskRoutes: RouteObject[] = [{ path: '/my-tasks', element: <MyTasksPage /> }];
