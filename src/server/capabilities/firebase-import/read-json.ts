import fs from 'node:fs';
import chain, { many, none } from 'stream-chain';
import { parser } from 'stream-json';
import { ImportError } from './import-error';

/** A JSON token as stream-json's parser gives it, values packed whole. */
export interface Token {
  name: string;
  value?: string | null | boolean;
}

/**
 * The tokens of a JSON file, read as a stream so a file of hundreds of megabytes keeps the
 * memory flat; `consume` turns them into records (synchronously: no await per token).
 * A file that cannot be read or is not JSON stops the import with a line naming it;
 * `onBytes` follows the reading, for a progress bar.
 */
export async function* readJsonRecords<T>(
  file: string,
  consume: (token: Token) => T[] | undefined,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<T> {
  const input = fs.createReadStream(file);
  if (onBytes) input.on('data', () => onBytes(input.bytesRead));
  const records = chain([
    input,
    parser({ packValues: true, streamValues: false }),
    (token: Token) => {
      const found = consume(token);
      return found ? many(found) : none;
    },
  ]);
  try {
    for await (const record of records as AsyncIterable<T>) yield record;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') throw new ImportError(`${file} : fichier introuvable.`);
    if (code) throw new ImportError(`${file} : lecture impossible (${message}).`);
    throw new ImportError(`${file} n'est pas un JSON lisible : ${message}`);
  } finally {
    records.destroy();
  }
}
