import type { Generated } from 'kysely';
import type { NewsletterFilter } from '../../../shared/newsletter/api';

export interface NewslettersTable {
  id: Generated<string>;
  title: string;
  description: string;
  letter: string;
  filter: NewsletterFilter | null;
  created_by: string | null;
  created_at: Generated<Date>;
  idempotency_key: string | null;
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface NewsletterDeliveriesTable {
  newsletter_id: string;
  user_id: string;
  email: string;
  name: string;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  available_at: Generated<Date>;
  claim_token: string | null;
  sent_at: Date | null;
  last_error: string | null;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    newsletters: NewslettersTable;
    newsletter_deliveries: NewsletterDeliveriesTable;
  }
}
