import type { Capability } from '../../platform/capability';
import { journalRoutes } from './routes';
import { journalRetention } from './retention';

/** The audit journal: written by recordAction (record.ts), read by admins only. */
export const journalCapability: Capability = { admin: journalRoutes, retention: journalRetention };

export { recordAction } from './record';
