import { describe, expect, it } from 'vitest';
import { consoleHashConfig, PUBLISHED_PARAMETERS } from './export-fixture';
import { parseHashConfig } from './hash-config';
import { ImportError } from './import-error';

describe('the hash parameters, as the Firebase console shows them or as JSON', () => {
  it('reads the console box pasted as is, and the same keys as JSON', () => {
    expect(parseHashConfig(consoleHashConfig(PUBLISHED_PARAMETERS), 'hash.txt')).toEqual(PUBLISHED_PARAMETERS);
    const { signerKey, saltSeparator } = PUBLISHED_PARAMETERS;
    const snake = { algorithm: 'SCRYPT', base64_signer_key: signerKey, base64_salt_separator: saltSeparator, rounds: 8, mem_cost: 14 };
    expect(parseHashConfig(JSON.stringify(snake), 'hash.json')).toEqual(PUBLISHED_PARAMETERS);
    expect(parseHashConfig(JSON.stringify({ hash_config: snake }), 'hash.json')).toEqual(PUBLISHED_PARAMETERS);
    expect(parseHashConfig(JSON.stringify({ algorithm: 'SCRYPT', key: signerKey, saltSeparator, rounds: 8, memoryCost: 14 }), 'hash.json')).toEqual(PUBLISHED_PARAMETERS);
  });

  it('names the file and what is missing or wrong', () => {
    const fails = (text: string) => {
      try {
        parseHashConfig(text, 'hash.txt');
      } catch (error) {
        expect(error).toBeInstanceOf(ImportError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(fails('hash_config {\n  algorithm: SCRYPT,\n  rounds: 8,\n}')).toBe(
      'hash.txt : il manque base64_signer_key, base64_salt_separator, mem_cost (les quatre paramètres de hachage que la console Firebase montre : base64_signer_key, base64_salt_separator, rounds, mem_cost).',
    );
    expect(fails(consoleHashConfig(PUBLISHED_PARAMETERS).replace('SCRYPT', 'BCRYPT'))).toBe('hash.txt : algorithme BCRYPT, alors que Firebase hache les mots de passe avec SCRYPT.');
    expect(fails(consoleHashConfig({ ...PUBLISHED_PARAMETERS, rounds: 9 }))).toBe('hash.txt : rounds doit être un entier de 1 à 8.');
    expect(fails(consoleHashConfig({ ...PUBLISHED_PARAMETERS, signerKey: 'pas du base64 !' }))).toBe("hash.txt : base64_signer_key n'est pas du base64.");
  });
});
