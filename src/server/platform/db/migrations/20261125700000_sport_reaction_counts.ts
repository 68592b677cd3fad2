import { sql, type Kysely } from 'kysely';

// Each sport keeps its reaction counts, maintained by a trigger in the transaction
// that changes a reaction (the toggle, an account's deletion, a sport's). The vote page's list
// and a toggle's answer read them instead of counting sport_reactions: at 1,000,000 members
// (2,000,000 reactions) the list's count took a core for half a second after every toggle.
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table sports
      add column love_count integer not null default 0,
      add column wow_count integer not null default 0,
      add column no_count integer not null default 0`.execute(db);
  await sql`
    update sports set love_count = counted.love, wow_count = counted.wow, no_count = counted.no
    from (
      select sport_id,
             count(*) filter (where reaction = 'love')::int as love,
             count(*) filter (where reaction = 'wow')::int as wow,
             count(*) filter (where reaction = 'no')::int as no
      from sport_reactions group by sport_id
    ) as counted
    where counted.sport_id = sports.id`.execute(db);
  await sql`
    create function sport_reaction_counts() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update sports set love_count = love_count - (old.reaction = 'love')::int,
                          wow_count = wow_count - (old.reaction = 'wow')::int,
                          no_count = no_count - (old.reaction = 'no')::int
        where id = old.sport_id;
      end if;
      if tg_op <> 'DELETE' then
        update sports set love_count = love_count + (new.reaction = 'love')::int,
                          wow_count = wow_count + (new.reaction = 'wow')::int,
                          no_count = no_count + (new.reaction = 'no')::int
        where id = new.sport_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sport_reaction_counts after insert or delete or update of reaction, sport_id on sport_reactions
    for each row execute function sport_reaction_counts()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop trigger sport_reaction_counts on sport_reactions`.execute(db);
  await sql`drop function sport_reaction_counts()`.execute(db);
  await sql`alter table sports drop column love_count, drop column wow_count, drop column no_count`.execute(db);
}
