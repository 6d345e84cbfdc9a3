import type pg from "pg";

/**
 * Synthetic players and finished games for the profiles benchmark, generated inside PostgreSQL
 * (`generate_series`, no round trips per row): `players` accounts; `games` finished matches over the
 * last year, half Dreamers (2 seats) and half Dreams (4 seats), every seat a signed-in player picked
 * with a skew (a few play a lot, most a little); each match's table, seats, results and
 * `rating_updates` row; then every player's rating per game from their results. Name keys are the
 * names' skeletons (accounts/names.ts: digits 0, 1, 2, 5, 8 read as o, l, z, s, b), so every player
 * is found by name.
 */
export async function fillPlayers(client: pg.Client, players: number, games: number): Promise<void> {
  const year = 365 * 86_400_000;
  const now = Date.now();
  await client.query(
    `insert into accounts (id, name, name_key, history_public, created_at, deleted_at)
     select 'acc-' || i, 'player' || i, translate('player' || i, '01258', 'olszb'),
            case when i % 10 = 0 then 0 else 1 end, $1::bigint, null
     from generate_series(1, $2::int) as i`,
    [now - 2 * year, players],
  );
  await client.query(
    `create temporary table bench_games as
     select g, case when g % 2 = 0 then 'dreamers' else 'dreams' end as kind,
            case when g % 2 = 0 then 2 else 4 end as seats,
            ($1::bigint - floor(random() * $2::bigint))::bigint as finished_at
     from generate_series(1, $3::int) as g`,
    [now, year, games],
  );
  await client.query(
    `insert into tables (code, config, host_token_hash, visibility, status, match, host_seat, created_at)
     select 'B' || g, '{"game":"' || kind || '","seats":' || seats || ',"visibility":"private","timer":"off","rated":true}',
            repeat('0', 64), 'private', 'over', 1, null, finished_at - 600000
     from bench_games`,
  );
  await client.query(
    `insert into games (table_code, match, kind, seed, colours, deck, setup, rules, started_at, finished_at)
     select 'B' || g, 1, kind, md5(g::text), '[]', '[]', '{}', 1, finished_at - 600000, finished_at from bench_games`,
  );
  await client.query(
    `create temporary table bench_seats as
     select g, kind, s, seats, finished_at, 'acc-' || (1 + floor(power(random(), 2) * $1::int))::int as account_id,
            floor(random() * 30)::int as score
     from bench_games, generate_series(0, 3) as s where s < seats`,
    [players],
  );
  await fillSeatsAndResults(client);
  await fillRatings(client);
  // as autovacuum would leave it: statistics, and the visibility map that lets counts read indexes only
  await client.query("vacuum analyze");
}

async function fillSeatsAndResults(client: pg.Client): Promise<void> {
  await client.query(
    `insert into seats (table_code, seat, colour, name, kind, level, token_hash, account_id)
     select 'B' || g, s, 'red', 'P' || s, 'human', null, md5(g::text || s), account_id from bench_seats`,
  );
  await client.query(
    `insert into rating_updates (table_code, match, kind, rated, at)
     select 'B' || g, 1, kind, 1, finished_at from bench_games`,
  );
  await client.query(
    `insert into player_results (table_code, match, seat, account_id, kind, finished_at, place, players, won,
                                 score, abandoned, rated, mu, sigma)
     select 'B' || g, 1, s, account_id, kind, finished_at, place, seats, case when place = 1 then 1 else 0 end,
            score, 0, 1, 15 + random() * 20, 1 + random() * 6
     from (select *, rank() over (partition by g order by score desc) as place from bench_seats) b
`,
  );
}

async function fillRatings(client: pg.Client): Promise<void> {
  await client.query(
    `insert into ratings (account_id, kind, mu, sigma, ordinal, games, last_rated_at)
     select account_id, kind, mu, sigma, mu - 3 * sigma, games, last_at from (
       select account_id, kind, 15 + random() * 20 as mu, greatest(0.8, 25.0 / 3 / sqrt(count(*))) as sigma,
              count(*) as games, max(finished_at) as last_at
       from player_results group by account_id, kind) r`,
  );
}
