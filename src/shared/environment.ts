/** The environment's variables, as process.env holds them. */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

export function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

export function url(
  env: Env,
  name: string,
  fallback: string,
  protocols: string[],
  shown: (value: string) => string = (value) => `"${value}"`,
): string {
  const value = text(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} doit être une adresse web (URL), reçu ${shown(value)}`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} doit commencer par ${protocols.join(' ou ')}, reçu ${shown(value)}`);
  }
  return value;
}

/**
 * A URL that may hold a password, as an error message may show it: its scheme, host and path
 * only. The password sits in the user-info, or in the query (libpq reads `?password=`). When
 * the value has no host, or an '@' the parser did not end the user-info with (a password with
 * a '/' in it), there is no telling where the password sits, so nothing is shown. Start-up
 * messages land in the system's journal, read by more people than the settings file.
 */
function withoutCredentials(value: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  const afterLastAt = value.slice(value.lastIndexOf('@') + 1).toLowerCase();
  if (!parsed?.host || !afterLastAt.startsWith(parsed.host))
    return 'une valeur non montrée ici (elle peut contenir un mot de passe)';
  return `"${parsed.protocol}//${parsed.host}${parsed.pathname}" (montrée sans utilisateur, mot de passe ni paramètres)`;
}

/** DATABASE_URL, SMTP_URL: optional, and never printed with their password. */
export function credentialUrl(env: Env, name: string, protocols: string[]): string | undefined {
  return env[name]?.trim() ? url(env, name, '', protocols, withoutCredentials) : undefined;
}

export function email(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new ConfigError(`${name} doit être une adresse mail, reçu "${value}"`);
  }
  return value;
}

export function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} doit être un entier positif, reçu "${raw}"`);
  return value;
}

export function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim() ?? '';
  if (['', '0', 'false'].includes(raw)) return false;
  if (['1', 'true'].includes(raw)) return true;
  throw new ConfigError(`${name} doit valoir 1 ou 0, reçu "${raw}"`);
}

export function port(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} doit être un numéro de port entre 0 et 65535, reçu "${raw}"`);
  }
  return value;
}
