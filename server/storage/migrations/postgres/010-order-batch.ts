// PostgreSQL migration 10: an order batch's chain in one statement. node-postgres sends one
// statement at a time, so the transactions of a batch (./postgres.ts, runBatch) that each write
// one parent's order with one statement cost a round trip each, one after another, while they
// hold the parent's lock. `order_batch` applies several of them in one call, one after another
// in the order given, each seeing the ones before it (a PL/pgSQL loop; its statements' plans are
// kept per connection), and returns one row per element, numbered from 1:
// - 'move': PLACE_GUESSED of ./postgres.ts (a move or reorder whose parent was guessed, checked in
//   the statement; nothing written when a check fails): o_segment, o_position (null: not placed),
//   o_stored, o_fields.
// - 'create': INSERT_LAST of ./postgres.ts (a new activity placed last, counted and inserted in
//   one statement): o_id, o_all, o_segment, o_last. Its values (ACTIVITY_WRITE without position)
//   come as text, as node-postgres sends parameters, and are read by each column's type.
// Measured on one connection (10 reorders a transaction, 32 siblings): 0.05–0.07 ms of node CPU
// per move against 0.15–0.22 one statement each, backend 0.47–0.57 against 0.57–0.64 ms.
// Both statements are copies of the ones in ./postgres.ts as they are at this migration: a
// change to one of them there needs a migration that replaces this function too (a test compares
// what both store, column by column: test/storage/postgres.test.ts, gather rounds).
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  CREATE OR REPLACE FUNCTION order_batch(
    ops text[], accounts bigint[], ids bigint[], froms bigint[], segments text[], kinds text[],
    tos bigint[], anchors bigint[], afters boolean[], updates bigint[], modificator_ids bigint[],
    modificator_names text[], targets text[], creates text[])
  RETURNS TABLE (o_n integer, o_segment bigint, o_position bigint, o_stored bigint, o_fields json,
    o_id bigint, o_all bigint, o_last bigint)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    i integer;
    v_account bigint; v_id bigint; v_from bigint; v_segment text; v_kind text; v_to bigint;
    v_moving boolean; v_anchor bigint; v_after boolean; v_updated bigint; v_mid bigint; v_mname text;
  BEGIN
    FOR i IN 1 .. coalesce(array_length(ops, 1), 0) LOOP
      o_n := i;
      o_segment := NULL; o_position := NULL; o_stored := NULL; o_fields := NULL;
      o_id := NULL; o_all := NULL; o_last := NULL;
      IF ops[i] = 'move' THEN
        v_account := accounts[i]; v_id := ids[i]; v_from := froms[i]; v_segment := segments[i];
        v_kind := kinds[i]; v_to := tos[i]; v_moving := v_to <> v_from; v_anchor := anchors[i];
        v_after := afters[i]; v_updated := updates[i]; v_mid := modificator_ids[i];
        v_mname := modificator_names[i];
        WITH RECURSIVE
          a AS (SELECT a.id, a.level, a.fields FROM activities a JOIN records r ON r.id = a.record_id
            WHERE a.account_id = v_account AND a.id = v_id AND a.parent_id = v_from AND a.segment = v_segment
              AND a.deleted IS NULL AND r.account_id = v_account AND r.deleted IS NULL AND r.kind = v_kind
              AND (NOT v_moving OR EXISTS (SELECT FROM records t
                WHERE t.id = v_to AND t.account_id = v_account AND t.deleted IS NULL AND t.kind = ANY(targets)))),
          sib AS (SELECT id, segment, row_number() OVER (ORDER BY position, id) AS r FROM activities
            WHERE account_id = v_account AND parent_id = v_to AND deleted IS NULL AND id <> v_id
              AND EXISTS (SELECT FROM a)),
          counts AS (SELECT count(*) AS n, count(CASE WHEN segment = v_segment THEN 1 END) AS s FROM sib),
          spot AS (SELECT CASE WHEN x.anchor_id IS NULL THEN (SELECT n FROM counts) + 1
              WHEN x.is_after THEN sib.r + 1 ELSE sib.r END AS p
            FROM (SELECT v_anchor AS anchor_id, v_after AS is_after) x LEFT JOIN sib ON sib.id = x.anchor_id
            WHERE (x.anchor_id IS NULL OR sib.id IS NOT NULL) AND EXISTS (SELECT FROM a)),
          shift AS (UPDATE activities SET position = v.p
            FROM (SELECT sib.id, sib.r + CASE WHEN sib.r >= spot.p THEN 1 ELSE 0 END AS p FROM sib, spot) v
            WHERE activities.id = v.id AND activities.position <> v.p),
          u AS (UPDATE activities SET parent_id = v_to,
              record_id = CASE WHEN v_moving THEN v_to ELSE activities.record_id END,
              level = CASE WHEN v_moving THEN 1 ELSE activities.level END, position = (SELECT p FROM spot),
              updated = v_updated, modificator_id = v_mid, modificator_name = v_mname
            WHERE activities.id = v_id AND activities.account_id = v_account AND EXISTS (SELECT FROM spot)
            RETURNING id),
          gaps AS (UPDATE activities SET position = g.r
            FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS r FROM activities
                  WHERE account_id = v_account AND parent_id = v_from AND deleted IS NULL AND id <> v_id) g
            WHERE v_moving AND activities.id = g.id AND activities.position <> g.r AND EXISTS (SELECT FROM u)),
          tree(id) AS (SELECT id FROM activities WHERE account_id = v_account AND parent_id = v_id AND v_moving
            UNION ALL SELECT c.id FROM activities c JOIN tree ON c.parent_id = tree.id WHERE c.account_id = v_account),
          down AS (UPDATE activities SET record_id = v_to, level = activities.level + 1 - (SELECT level FROM a)
            FROM tree WHERE activities.id = tree.id AND EXISTS (SELECT FROM u))
        SELECT s, (SELECT p FROM spot), (SELECT count(*) FROM u), (SELECT fields FROM a)
          INTO o_segment, o_position, o_stored, o_fields FROM counts;
      ELSE
        v_account := creates[i][1]::bigint; v_from := creates[i][3]::bigint; v_segment := creates[i][4];
        WITH c AS (
            SELECT count(*) AS n, count(CASE WHEN segment = v_segment THEN 1 END) AS s, coalesce(max(position), 0) AS l
            FROM activities WHERE account_id = v_account AND parent_id = v_from AND deleted IS NULL),
          item AS (INSERT INTO items (type) VALUES ('activity') RETURNING id),
          ins AS (INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position,
              fields, flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name,
              search, texts, report_date)
            SELECT item.id, v_account, creates[i][2]::bigint, v_from, v_segment, creates[i][5]::bigint,
              creates[i][6]::bigint, c.n + 1, creates[i][7]::json, creates[i][8]::smallint, creates[i][9]::bigint,
              creates[i][10]::bigint, creates[i][11]::bigint, creates[i][12]::bigint, creates[i][13],
              creates[i][14]::bigint, creates[i][15], creates[i][16], creates[i][17]::json, creates[i][18]::bigint
            FROM item, c RETURNING id)
        SELECT ins.id, c.n, c.s, c.l INTO o_id, o_all, o_segment, o_last FROM ins, c;
      END IF;
      RETURN NEXT;
    END LOOP;
  END $fn$;
  `,
};
