import fc from 'fast-check';

// Property tests draw new inputs on every run. A failing fc.assert names its run in its error
// ("{ seed: -1234, path: "7:0", … }"); FC_SEED (and FC_PATH, to go straight to the shrunk
// case) replays it: FC_SEED=-1234 npx vitest run src/shared/validation/email.test.ts
const seed = process.env.FC_SEED;
const path = process.env.FC_PATH;
if (seed) {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be the integer fast-check printed, got "${seed}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed), ...(path && { path }) });
}
