import type { FeatureRoutes } from '../../platform/http/route-groups';
import { journalRoutes } from './routes';

/** The audit journal: written by recordAction (record.ts), read by admins only. */
export const journalFeature: FeatureRoutes = { admin: journalRoutes };
