import { ConfigError, positiveInteger, text, type Env } from '../../shared/environment';

// `npm run bench -- anti-bot` (docs/performance.md, "Bot barrier"): a quarter of a second in
// a desktop browser, under a second with the CPU slowed four times, as on a mid-range phone.
const ANTI_BOT_DEFAULT_DIFFICULTY = 2000;
const ANTI_BOT_MAX_DIFFICULTY = 100_000;

/** ANTI_BOT: on (the default) or off; ANTI_BOT_DIFFICULTY: the attempts a browser makes on average. */
export function antiBot(env: Env): { difficulty: number } | undefined {
  const raw = text(env, 'ANTI_BOT', 'on');
  if (raw !== 'on' && raw !== 'off') throw new ConfigError(`ANTI_BOT doit valoir on ou off, reçu "${raw}"`);
  const difficulty = positiveInteger(env, 'ANTI_BOT_DIFFICULTY', ANTI_BOT_DEFAULT_DIFFICULTY);
  if (difficulty > ANTI_BOT_MAX_DIFFICULTY) {
    throw new ConfigError(
      `ANTI_BOT_DIFFICULTY doit valoir au plus ${ANTI_BOT_MAX_DIFFICULTY} (un téléphone abandonnerait), reçu "${difficulty}"`,
    );
  }
  return raw === 'on' ? { difficulty } : undefined;
}

// Long enough that guessing is out of reach: 'openssl rand -hex 32' gives 64.
const METRICS_TOKEN_MIN_LENGTH = 32;

export function metricsToken(env: Env): string | undefined {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return undefined;
  if (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError(
      `METRICS_TOKEN doit faire au moins ${METRICS_TOKEN_MIN_LENGTH} caractères visibles, sans espace (par exemple : openssl rand -hex 32)`,
    );
  }
  return token;
}

export function staffTwoFactor(env: Env): 'required' | 'optional' {
  const raw = text(env, 'STAFF_TWO_FACTOR', 'required');
  if (raw !== 'required' && raw !== 'optional') throw new ConfigError(`STAFF_TWO_FACTOR doit valoir required ou optional, reçu "${raw}"`);
  return raw;
}
