// `npm run import-firebase -- --auth users.json --hash-config hash.txt --firestore firestore.json
// [--pictures DIR] [--survey-answers PATH] [--keep-roles | --roles ROLE:ADDRESS,…]
// [--words-published] [--subscribed] [--dry-run] [--report FILE]`
// (in a release: `node build/node/import-firebase.js …`): moves the original Firebase site's
// members, words, sports, votes and survey marks in (docs/migrate-from-firebase.md). The
// embedded database must not be held by a running server: stop it first.
import cliProgress from 'cli-progress';
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { commandConfig, fail } from '../../platform/command-line';
import { openDatabase, type DatabaseHandle } from '../../platform/db/connection';
import { DataDirInUse, dataDirHolder } from '../../platform/db/data-dir-lock';
import { migrateToLatest } from '../../platform/db/migrate';
import { ImportError } from './import-error';
import { importFirebase, type ImportOptions } from './import-firebase';
import { formatReport, type ImportReport } from './report';
import { parseRoleGrants, type RoleChoice } from './role-grants';
import type { ImportProgress } from './stage';

const USAGE =
  'Usage : npm run import-firebase -- --auth users.json --hash-config hash.txt --firestore firestore.json ' +
  '[--pictures DOSSIER] [--survey-answers CHEMIN] [--keep-roles | --roles RÔLE:ADRESSE,…] [--words-published] ' +
  '[--subscribed] [--dry-run] [--report FICHIER]';

function readOptions(): ImportOptions & { report?: string } {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        auth: { type: 'string' },
        'hash-config': { type: 'string' },
        firestore: { type: 'string' },
        pictures: { type: 'string' },
        'survey-answers': { type: 'string' },
        'keep-roles': { type: 'boolean', default: false },
        roles: { type: 'string', multiple: true },
        'words-published': { type: 'boolean', default: false },
        subscribed: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        report: { type: 'string' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const missing = (['auth', 'hash-config', 'firestore'] as const).filter((name) => !values[name]);
  if (missing.length > 0) fail(`Il manque ${missing.map((name) => `--${name}`).join(', ')}.\n${USAGE}`);
  if (values['keep-roles'] && values.roles) fail(`--keep-roles reprend les rôles de l'ancien site, --roles les donne : l'un ou l'autre.\n${USAGE}`);
  let roles: RoleChoice = { from: values['keep-roles'] ? 'export' : 'none' };
  try {
    if (values.roles) roles = { from: 'list', grants: parseRoleGrants(values.roles) };
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  return {
    auth: values.auth!,
    hashConfig: values['hash-config']!,
    firestore: values.firestore!,
    pictures: values.pictures,
    surveyAnswers: values['survey-answers'],
    roles,
    wordsPublished: values['words-published']!,
    subscribed: values.subscribed!,
    dryRun: values['dry-run']!,
    report: values.report,
  };
}

/** A bar on a terminal (records done, imported, left out); one line per phase elsewhere (a log, a pipe). */
function terminalProgress(): ImportProgress {
  if (!process.stderr.isTTY) {
    return { phase: (label) => console.error(`${label}…`), update() {}, stop() {} };
  }
  const bar = new cliProgress.SingleBar(
    { format: '{phase} |{bar}| {percentage} % | {value}/{total} | importés {imported} · écartés {skipped}', hideCursor: true, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  return {
    phase(label, total) {
      if (running) bar.stop();
      bar.start(Math.max(total, 1), 0, { phase: label, imported: 0, skipped: 0 });
      running = true;
    },
    update(done, imported, skipped) {
      bar.update(done, { imported, skipped });
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}

const options = readOptions();
const config = commandConfig();
const serverRuns = (pid: number) =>
  fail(`Le serveur (processus ${pid}) utilise ${config.dataDir} : arrête-le (systemctl stop unissons), relance cette commande, puis redémarre-le. Rien n'a changé.`);
if (!config.databaseUrl) {
  const holder = await dataDirHolder(config.dataDir);
  if (holder !== undefined) serverRuns(holder);
}

let database: DatabaseHandle;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  if (error instanceof DataDirInUse) serverRuns(error.pid);
  fail(`Import impossible : ${(error as Error).message}`);
}
let report: ImportReport | undefined;
let failure: string | undefined;
try {
  await migrateToLatest(database.db);
  report = await importFirebase(database.db, options, terminalProgress());
  if (options.report) await fs.writeFile(options.report, `${JSON.stringify(report, null, 2)}\n`);
} catch (error) {
  failure =
    error instanceof ImportError
      ? `Import arrêté, rien n'a été écrit : ${error.message}`
      : `Import interrompu : ${(error as Error).message}. Ce qui a été importé reste ; relance la même commande pour importer le reste.`;
}
await database.close();
if (failure) fail(failure);
console.log(formatReport(report!, options.report));
