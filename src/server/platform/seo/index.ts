import type { PageFamily } from '../http/page-parts';
import type { RouteGroups } from '../http/route-groups';
import { seoRoutes } from './routes';

export const seoGroups = (families: readonly PageFamily[]): RouteGroups => ({ public: (app) => seoRoutes(app, families) });
