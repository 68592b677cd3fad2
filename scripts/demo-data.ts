// `npm run demo-data [-- --members 300 --organisations 20 --force]`: fills the configured
// database with realistic French demo data through the site's own API. Stop the server
// first when using the embedded database (one process per DATA_DIR).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/platform/db/connection';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { countRealAccounts, DEFAULT_DEMO_SIZE, DEMO_DOMAIN, fillDemoData } from '../src/server/demo/demo-data';
import { ensureAdmin } from '../src/server/capabilities/accounts/admin-bootstrap';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

// Every request comes from this process: the per-IP auth limit would stop it. The admin acts
// with its password alone, as staff could not under the default STAFF_TWO_FACTOR=required: this
// process only fills the data; the server started afterwards keeps the operator's setting, and
// asks the admin to add a second factor at the next sign-in.
const config = readConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '1000000', STAFF_TWO_FACTOR: 'optional' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);

const admin = config.admin ?? { email: `admin@${DEMO_DOMAIN}`, password: `Demo-${randomBytes(9).toString('base64url')}!1a` };
const real = await countRealAccounts(database.db, admin.email);
if (real > 0 && !args.includes('--force')) {
  console.error(`Refus : cette base contient déjà ${real} compte(s) réel(s). Relance avec --force pour y ajouter quand même les données de démonstration.`);
  await database.close();
  process.exit(1);
}

await ensureAdmin(database.db, admin);
const app = await buildApp({ config, database });
await app.ready();
const started = Date.now();
const size = { members: option('members', DEFAULT_DEMO_SIZE.members), organisations: option('organisations', DEFAULT_DEMO_SIZE.organisations) };
await fillDemoData(app, admin, size, (line) => console.log(`· ${line}`));

// The newsletter goes out through the background worker: wait for it (bounded).
for (let waited = 0; waited < 120_000; waited += 1000) {
  const pending = await database.db
    .selectFrom('newsletter_deliveries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  if (pending.count === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
await app.close();
await database.close();
console.log(`Données de démonstration prêtes en ${Math.round((Date.now() - started) / 1000)} s.`);
if (!config.admin) console.log(`Compte admin de démonstration : ${admin.email} / ${admin.password}`);
