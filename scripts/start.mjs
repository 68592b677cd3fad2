// `npm start` (serve), `npm run backup`, `npm run restore -- FILE`, `npm run rotate-secrets`,
// `npm run import-firebase -- …`, `npm run reset-two-factor -- EMAIL`:
// build when the sources changed since the last build, then run the built server or command,
// as a release runs it.
import { ensureBuild } from './ensure-build.mjs';

const COMMANDS = { backup: 'backup.js', restore: 'restore.js', 'rotate-secrets': 'rotate-secrets.js', 'import-firebase': 'import-firebase.js', 'reset-two-factor': 'reset-two-factor.js' };
const command = COMMANDS[process.argv[2]];
// The command reads its own arguments after its name, as `node build/node/restore.js FILE` would.
if (command) process.argv.splice(2, 1);

ensureBuild();
await import(`../build/node/${command ?? 'main.js'}`);
