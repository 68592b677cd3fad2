import { sql, type Kysely } from 'kysely';

// Decision 0020: members admin. A member can be suspended; the admin finds members by
// e-mail, username, first or last name whatever the accents and case, through an index.

// unissons_fold: lower case without accents, in plain SQL (no unaccent extension, which PGlite
// lacks, and the same result whatever the database's locale: lower() of a C locale leaves É).
const ACCENTED = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳABCDEFGHIJKLMNOPQRSTUVWXYZØøĐđŁłÐðÞþ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyyabcdefghijklmnopqrstuvwxyzooddllddtt';

// What splits a name or an address into the words a search matches the start of.
const SEARCH_SEPARATORS = `[[:space:]@._+,;:!?()/'’"-]+`;

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('suspended_at', 'timestamptz').execute();

  await sql`
    create function unissons_fold(value text) returns text language sql immutable parallel safe as $$
      select replace(replace(replace(replace(replace(
        lower(translate(value, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})),
        'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ß', 'ss')
    $$`.execute(db);
  // The words of a text as stored and as searched: the trigger and the search both use it.
  await sql`
    create function unissons_search_words(value text) returns setof text language sql immutable parallel safe as $$
      select distinct word from regexp_split_to_table(unissons_fold(value), ${sql.lit(SEARCH_SEPARATORS)}) as word where word <> ''
    $$`.execute(db);

  // One row per word of a member's e-mail, username, first and last name, folded; the primary
  // key serves `term like 'mart%'` (C collation: byte order, so LIKE prefixes use the index).
  await sql`
    create table user_search_terms (
      term text collate "C" not null,
      user_id uuid not null references users (id) on delete cascade,
      primary key (term, user_id)
    )`.execute(db);
  await db.schema.createIndex('user_search_terms_user_id').on('user_search_terms').column('user_id').execute();

  await sql`
    create function users_search_terms() returns trigger language plpgsql as $$
    begin
      delete from user_search_terms where user_id = new.id;
      insert into user_search_terms (term, user_id)
        select word, new.id from unissons_search_words(concat_ws(' ', new.email, new.username, new.firstname, new.lastname)) as word
        on conflict do nothing;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_search_terms after insert or update of email, username, firstname, lastname on users
    for each row execute function users_search_terms()`.execute(db);
  await sql`
    insert into user_search_terms (term, user_id)
      select word, users.id from users, unissons_search_words(concat_ws(' ', users.email, users.username, users.firstname, users.lastname)) as word
      on conflict do nothing`.execute(db);

  // /admin/members lists newest first, a page at a time (keyset on created_at, id); the rare
  // filters (staff, suspended) get partial indexes so they do not walk every account.
  await sql`create index users_created_at_id on users (created_at, id)`.execute(db);
  await sql`create index users_staff on users (created_at, id) where cardinality(roles) > 0`.execute(db);
  await sql`create index users_suspended on users (created_at, id) where suspended_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger users_search_terms on users`.execute(db);
  await sql`drop function users_search_terms`.execute(db);
  await sql`drop table user_search_terms`.execute(db);
  await sql`drop function unissons_search_words`.execute(db);
  await sql`drop function unissons_fold`.execute(db);
  for (const index of ['users_created_at_id', 'users_staff', 'users_suspended']) await sql`drop index ${sql.id(index)}`.execute(db);
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
