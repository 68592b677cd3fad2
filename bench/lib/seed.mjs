// Set-based fixtures in the site's own schema (src/server/platform/db/migrations). Accounts made here
// cannot sign in (their password hash is not a hash): they are authors and recipients only.

const PHRASES = [
  'Merci pour tout ce que vous faites, on avance ensemble vers les Jeux !',
  'Fier de soutenir une association qui rapproche les supporters de toute la France.',
  'Le covoiturage pour aller voir les épreuves, quelle belle idée. Bravo à l’équipe !',
  'Allez les bleus ! Et merci à tous les bénévoles qui rendent ça possible.',
  'Partager la route, partager la passion : c’est exactement l’esprit du sport.',
];

/**
 * `count` member accounts named `<prefix><n>@bench.test` (n from 1), in one statement.
 * `newsletter` decides whether they receive the newsletter (their addresses count as verified).
 */
export async function insertAccounts(query, { prefix, count, newsletter = false }) {
  await query(
    `insert into users (email, username, firstname, lastname, account_type, password_hash, newsletter, email_verified_at)
     select $1 || i || '@bench.test', $1 || i, 'Camille', 'Dupont' || i, 'user', '!not-a-hash', $3, now()
     from generate_series(1, $2::int) as i`,
    [prefix, count, newsletter],
  );
}

/**
 * One word per account of `prefix` (the schema allows one per author), public and published
 * over the last month, or pending moderation.
 */
export async function insertWords(query, { prefix, isPublic }) {
  await query(
    `insert into words (author_id, content, public, published_at)
     select id,
            (array[${PHRASES.map((_, i) => `$${i + 3}`).join(', ')}])[1 + (abs(hashtext(email)) % ${PHRASES.length})],
            $2,
            case when $2 then now() - (abs(hashtext(id::text)) % 2592000) * interval '1 second' end
     from users where email like $1 || '%@bench.test'`,
    [prefix, isPublic, ...PHRASES],
  );
}

export async function pendingWordIds(query, prefix) {
  const rows = await query(
    `select words.id from words join users on users.id = words.author_id
     where not words.public and users.email like $1 || '%@bench.test' order by users.email`,
    [prefix],
  );
  return rows.map((row) => row.id);
}
