// `npm start`: build when the sources changed since the last build, then serve.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../build/node/main.js');
