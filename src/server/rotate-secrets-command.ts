// `npm run rotate-secrets` (in a release: `node build/node/rotate-secrets.js`): new signing
// secrets for the bot barrier's challenges and the newsletter's one-click unsubscribe links,
// in the database, so every instance takes them up (within a minute). What the replaced ones
// signed stays accepted for its life: challenges 30 minutes, one-click links 90 days
// (decision 0027). The key of the authenticator apps' secrets is replaced too, each secret
// encrypted again under the new one in the same transaction, so the old key is kept nowhere.
// The embedded database must not be held by a running server: stop it first.
import { commandConfig, fail, hasEmbeddedDatabase } from './platform/command-line';
import { openDatabase, type DatabaseHandle } from './platform/db/connection';
import { DataDirInUse, dataDirHolder } from './platform/db/data-dir-lock';
import { migrateToLatest } from './platform/db/migrate';
import { rotateSecret } from './platform/db/signing-secrets';
import { ANTI_BOT_SECRET } from './platform/anti-bot/proof-of-work';
import { UNSUBSCRIBE_SECRET } from './capabilities/newsletter/unsubscribe-token';
import { rotateTotpKey } from './capabilities/accounts/totp-secrets';

const serverRuns = (pid: number, dataDir: string) =>
  fail(`Le serveur (processus ${pid}) utilise ${dataDir} : arrête-le (systemctl stop unissons), relance cette commande, puis redémarre-le. Rien n'a changé.`);

const config = commandConfig();
if (!config.databaseUrl) {
  if (!(await hasEmbeddedDatabase(config.dataDir))) {
    fail(`Pas de base embarquée dans ${config.dataDir} (DATA_DIR) : aucun secret à renouveler.`);
  }
  const holder = await dataDirHolder(config.dataDir);
  if (holder !== undefined) serverRuns(holder, config.dataDir);
}

let database: DatabaseHandle;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DataDirInUse) serverRuns(error.pid, config.dataDir);
  fail(`Renouvellement impossible : ${(error as Error).message}`);
}
let failure: string | undefined;
let appSecrets = 0;
try {
  // A release newer than the database (unpacked, not started yet) keeps its secrets in the newer form.
  await migrateToLatest(database.db);
  for (const policy of [ANTI_BOT_SECRET, UNSUBSCRIBE_SECRET]) await rotateSecret(database.db, policy);
  appSecrets = await rotateTotpKey(database.db);
} catch (error) {
  failure = `Renouvellement impossible : ${(error as Error).message}`;
}
await database.close();
if (failure) fail(failure);
console.log(
  'Secrets renouvelés : barrière anti-robots (les défis déjà donnés restent valables 30 minutes), liens de désinscription en un clic ' +
    `(ceux des newsletters déjà envoyées restent valables 90 jours) et clé des applications d'authentification (${appSecrets} secret(s) de membre chiffré(s) de nouveau). ${config.databaseUrl ? "Les instances en marche les prennent en compte en moins d'une minute." : 'Tu peux redémarrer le serveur.'}`,
);
