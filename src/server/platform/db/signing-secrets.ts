import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** A signing secret kept in `settings`, and how long one it replaced is still accepted. */
export interface SecretPolicy {
  /** Its row in `settings`. */
  key: string;
  /** How long what was signed with a replaced secret stays good: the life of what it signed. */
  keepPreviousMs: number;
  /** A new secret, as text. */
  generate(): string;
}

/** The row's value: the secret to sign with, and those it replaced with the time each stops being accepted. */
interface StoredSecrets {
  current: string;
  previous: { secret: string; until: string }[];
}

/**
 * How long an instance signs with its copy before reading the database's again, so at most
 * how late it follows a rotation made elsewhere (what it signs meanwhile is still accepted).
 */
const COPY_MAX_AGE_MS = 60_000;

/**
 * One instance's view of a signing secret. Every instance reads the same row, so they agree;
 * whichever comes first makes it. `npm run rotate-secrets` replaces it (rotateSecret).
 */
export class SigningSecrets {
  private copy: { secrets: StoredSecrets; readAt: number } | undefined;
  private reading: Promise<StoredSecrets> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: SecretPolicy,
  ) {}

  /** The secret to sign with. */
  async current(): Promise<string> {
    return (this.freshCopy() ?? (await this.read())).current;
  }

  /**
   * What `check` gives for the first secret it accepts, trying the current one, then those
   * replaced less than `keepPreviousMs` ago; undefined when none does. If the copy's secrets
   * all fail, the database's are read and tried once more: another instance may already sign
   * with a secret rotated since the copy was read.
   */
  async verify<T>(check: (secret: string) => T | undefined | Promise<T | undefined>): Promise<T | undefined> {
    const copy = this.freshCopy();
    if (copy) {
      const found = await firstAccepted(copy, check);
      if (found !== undefined) return found;
    }
    return firstAccepted(await this.read(), check);
  }

  /**
   * The copy, unless it is older than COPY_MAX_AGE_MS: checking with an old one would accept a
   * replaced secret past its time, as its current one. A clock set back makes it old too.
   */
  private freshCopy(): StoredSecrets | undefined {
    const age = this.copy ? Date.now() - this.copy.readAt : -1;
    return age >= 0 && age < COPY_MAX_AGE_MS ? this.copy!.secrets : undefined;
  }

  /** One read at a time: requests that miss together share it. */
  private read(): Promise<StoredSecrets> {
    this.reading ??= readSecrets(this.db, this.policy)
      .then((secrets) => {
        this.copy = { secrets, readAt: Date.now() };
        return secrets;
      })
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}

async function firstAccepted<T>(stored: StoredSecrets, check: (secret: string) => T | undefined | Promise<T | undefined>): Promise<T | undefined> {
  const now = Date.now();
  const accepted = [stored.current, ...stored.previous.filter(({ until }) => Date.parse(until) > now).map(({ secret }) => secret)];
  for (const secret of accepted) {
    const found = await check(secret);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function readSecrets(db: Kysely<Database>, policy: SecretPolicy): Promise<StoredSecrets> {
  const select = () => db.selectFrom('settings').select('value').where('key', '=', policy.key).executeTakeFirst();
  const row = await select();
  if (row) return row.value as StoredSecrets;
  // First use: if two instances start at once, the first insert wins and both read it.
  const made: StoredSecrets = { current: policy.generate(), previous: [] };
  await db
    .insertInto('settings')
    .values({ key: policy.key, value: JSON.stringify(made) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await select())!.value as StoredSecrets;
}

const views = new WeakMap<Kysely<Database>, Map<string, SigningSecrets>>();

/** This instance's one view of the secret `policy` names in `db`, so its copy is read once a minute at most, whoever asks. */
export function signingSecretsOf(db: Kysely<Database>, policy: SecretPolicy): SigningSecrets {
  let ofDb = views.get(db);
  if (!ofDb) views.set(db, (ofDb = new Map()));
  let view = ofDb.get(policy.key);
  if (!view) ofDb.set(policy.key, (view = new SigningSecrets(db, policy)));
  return view;
}

/**
 * A new secret to sign with; the one it replaces stays accepted for `keepPreviousMs`, and
 * those past their time are dropped. One statement: two rotations at once both take effect,
 * one after the other, and none loses a secret still in its time.
 */
export async function rotateSecret(db: Kysely<Database>, policy: SecretPolicy, now = new Date()): Promise<void> {
  const fresh = policy.generate();
  const until = new Date(now.getTime() + policy.keepPreviousMs).toISOString();
  const made: StoredSecrets = { current: fresh, previous: [] };
  await sql`
    insert into settings (key, value) values (${policy.key}, ${JSON.stringify(made)}::jsonb)
    on conflict (key) do update set
      value = jsonb_build_object(
        'current', ${fresh}::text,
        'previous', jsonb_build_array(jsonb_build_object('secret', settings.value -> 'current', 'until', ${until}::text))
          || coalesce(
            (select jsonb_agg(kept) from jsonb_array_elements(settings.value -> 'previous') as kept
              where (kept ->> 'until')::timestamptz > ${now.toISOString()}::timestamptz),
            '[]'::jsonb)),
      updated_at = now()`.execute(db);
}
