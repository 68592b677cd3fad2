import type { RouteGroups } from '../http/route-groups';
import { seoRoutes } from './routes';

export const seoGroups: RouteGroups = { public: seoRoutes };
