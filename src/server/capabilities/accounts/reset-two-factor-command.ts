// `npm run reset-two-factor -- EMAIL` (in a release: `node build/node/reset-two-factor.js
// EMAIL`): for the day the only admin lost their phone and their recovery codes. The account's
// authenticator app, recovery codes and passkeys go, the password alone signs in again; the
// journal keeps it and the member is mailed (decision 0046). The embedded database must not
// be held by a running server: stop it first.
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { commandConfig, fail, hasEmbeddedDatabase } from '../../platform/command-line';
import { openDatabase, type DatabaseHandle } from '../../platform/db/connection';
import { DataDirInUse, dataDirHolder } from '../../platform/db/data-dir-lock';
import { migrateToLatest } from '../../platform/db/migrate';
import { createMailer } from '../../platform/mail/mailer';
import { factorsResetMail, resetSignInFactors } from './factor-reset';

const serverRuns = (pid: number, dataDir: string) =>
  fail(`Le serveur (processus ${pid}) utilise ${dataDir} : arrête-le (systemctl stop unissons), relance cette commande, puis redémarre-le. Rien n'a changé.`);

const typed = process.argv[2]?.trim() ?? '';
if (!isValidEmail(typed)) fail("Indique l'adresse mail du compte : npm run reset-two-factor -- adresse@exemple.fr");
const email = normalizeEmail(typed);

const config = commandConfig();
if (!config.databaseUrl) {
  if (!(await hasEmbeddedDatabase(config.dataDir))) fail(`Pas de base embarquée dans ${config.dataDir} (DATA_DIR) : aucun compte à réinitialiser.`);
  const holder = await dataDirHolder(config.dataDir);
  if (holder !== undefined) serverRuns(holder, config.dataDir);
}

let database: DatabaseHandle;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DataDirInUse) serverRuns(error.pid, config.dataDir);
  fail(`Réinitialisation impossible : ${(error as Error).message}`);
}
let outcome: { failure: string } | { target: NonNullable<Awaited<ReturnType<typeof resetSignInFactors>>> };
try {
  await migrateToLatest(database.db);
  const account = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const target = account && (await resetSignInFactors(database.db, { targetId: account.id, by: 'operator' }));
  outcome = target ? { target } : { failure: `Aucun compte n'a l'adresse ${email} : rien n'a changé.` };
} catch (error) {
  outcome = { failure: `Réinitialisation impossible : ${(error as Error).message}` };
}
await database.close();
if ('failure' in outcome) fail(outcome.failure);

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, dkim: config.dkim });
let told = true;
try {
  await mailer.send({ to: outcome.target.email, ...factorsResetMail(config.public, outcome.target, 'operator') });
} catch {
  told = false;
} finally {
  mailer.close();
}
console.log(
  `Validation en deux étapes réinitialisée pour ${email} : son mot de passe suffit de nouveau pour se connecter, et le journal le garde. ` +
    (told ? 'Un mail le lui dit.' : "Le mail qui le lui dit n'a pas pu partir : préviens-le toi-même."),
);
