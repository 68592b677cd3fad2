import type { Capability } from '../../platform/capability';
import { journalRoutes } from './routes';

/** The audit journal: written by recordAction (record.ts), read by admins only. */
export const journalCapability: Capability = { admin: journalRoutes };
