import type { FirebaseHashParameters } from '../accounts/index';
import { ImportError } from './import-error';

// The console's 'Password hash parameters' box (Authentication > Users > ⋮), pasted as is:
//   hash_config {
//     algorithm: SCRYPT,
//     base64_signer_key: jxspr8Ki0RYycVU8zykbdLG…,
//     base64_salt_separator: Bw==,
//     rounds: 8,
//     mem_cost: 14,
//   }
// or the same keys as JSON (snake_case, or the camelCase of the Admin SDK's importUsers).
const KEYS = {
  signerKey: ['base64_signer_key', 'signerKey', 'key'],
  saltSeparator: ['base64_salt_separator', 'saltSeparator'],
  rounds: ['rounds'],
  memCost: ['mem_cost', 'memCost', 'memoryCost'],
} as const;

function consoleText(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [, key, value] of text.matchAll(/([A-Za-z0-9_]+)\s*:\s*"?([^,"\n}]*)"?/g)) values[key] = value.trim();
  return values;
}

function jsonText(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const inner = (parsed as Record<string, unknown>).hash_config ?? (parsed as Record<string, unknown>).hash ?? parsed;
    return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isBase64 = (value: string) => value !== '' && /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0;

/** The four parameters of the project's modified scrypt, read from the file's text. */
export function parseHashConfig(text: string, file: string): FirebaseHashParameters {
  const values = jsonText(text) ?? consoleText(text);
  const read = (names: readonly string[]) => names.map((name) => values[name]).find((value) => value !== undefined && value !== '');
  const algorithm = read(['algorithm']);
  if (algorithm !== undefined && String(algorithm).toUpperCase() !== 'SCRYPT') {
    throw new ImportError(`${file} : algorithme ${String(algorithm)}, alors que Firebase hache les mots de passe avec SCRYPT.`);
  }
  const missing = (Object.keys(KEYS) as (keyof typeof KEYS)[]).filter((key) => read(KEYS[key]) === undefined);
  if (missing.length > 0) {
    throw new ImportError(
      `${file} : il manque ${missing.map((key) => KEYS[key][0]).join(', ')} (les quatre paramètres de hachage que la console Firebase montre : base64_signer_key, base64_salt_separator, rounds, mem_cost).`,
    );
  }
  const signerKey = String(read(KEYS.signerKey));
  const saltSeparator = String(read(KEYS.saltSeparator));
  const rounds = Number(read(KEYS.rounds));
  const memCost = Number(read(KEYS.memCost));
  if (!isBase64(signerKey)) throw new ImportError(`${file} : base64_signer_key n'est pas du base64.`);
  if (!isBase64(saltSeparator)) throw new ImportError(`${file} : base64_salt_separator n'est pas du base64.`);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 8) throw new ImportError(`${file} : rounds doit être un entier de 1 à 8.`);
  if (!Number.isInteger(memCost) || memCost < 1 || memCost > 14) throw new ImportError(`${file} : mem_cost doit être un entier de 1 à 14.`);
  return { signerKey, saltSeparator, rounds, memCost };
}
