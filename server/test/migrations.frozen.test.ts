// Migrations are frozen text (server/src/db/migrations/README.md): a shipped migration's SQL never changes,
// and no migration imports code or interpolates into its SQL, so editing a helper cannot rewrite history.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FAST_DECISION_MS, SLOW_DECISION_MS } from '../../contract/analytics';
import { migrations } from '../src/db/migrations';

/** SHA-256 (first 16 hex digits) of every shipped migration's SQL, as databases ran it. Append; never edit. */
const SHIPPED: Record<string, string> = {
  '001_initial_schema': 'f2b3e6855d8e3711',
  '002_server_settings': '9311d22a737b6956',
  '003_console_actions': '575ba6c9facf8cdc',
  '010_name_identity': 'e20116f76a68e655',
  '011_import_runs': 'f5c2d9e55b7160bf',
  '015_row_counters': '65d9c3d097073651',
  '020_revocable_sessions': '2fcba0b2b4c53494',
  '021_sign_in_attempts': '34722c74f3f08c48',
  '030_analytics_summaries': '050365089c7f8ff6',
  '031_analytics_connection_race': 'fe3e6ef2e6971cd4',
  '040_user_list_indexes': 'c261efd35d822730',
  '041_audit_event_daily_counts': '9fd43317ddfe6755',
  '042_user_group_counts': '057ca0733ebc2fcd',
  '032_match_conversion_totals': 'e2855b8d54804f30',
  '060_name_trash': '208d2716a6fa70e9',
  '061_record_versions': '6c463b0763e9bd5a',
  '062_backup_restores': 'c3f15e3b38bbe655',
  '070_sign_in_backoff': '36463f50d0d835bc',
  '080_operator_links': '24e752dac2506b11',
  '090_operator_mfa': '338a8fe5583682bb',
  '100_name_search': 'd796d7d1b6412f31',
  '110_import_checks': '3b7c24aa72962202',
  '120_name_bulk_jobs': 'a2db86b08ce52c2d',
  '130_saved_views': 'e30f8aa3bbe5746a',
};

const folder = path.join(__dirname, '../src/db/migrations');

test('every shipped migration runs exactly the text it shipped with', () => {
  const now = Object.fromEntries(migrations.map((m) => [m.id, createHash('sha256').update(m.sql).digest('hex').slice(0, 16)]));
  for (const [id, hash] of Object.entries(SHIPPED)) expect({ id, hash: now[id] }).toEqual({ id, hash });
});

test('no migration imports code or builds its SQL from expressions', () => {
  const files = readdirSync(folder).filter((file) => /^\d{3}_.+\.ts$/.test(file));
  expect(files.length).toBe(migrations.length);
  const problems = files.flatMap((file) => {
    const text = readFileSync(path.join(folder, file), 'utf8');
    return [
      ...(/^\s*import\s/m.test(text) ? [`${file}: imports`] : []),
      ...(/(?<!\\)\$\{/.test(text) ? [`${file}: interpolates into its SQL`] : []),
    ];
  });
  expect(problems).toEqual([]);
});

test("030's fast and slow decisions are the contract's thresholds (the code's one definition)", () => {
  const sql = migrations.find((m) => m.id === '030_analytics_summaries')!.sql;
  expect(sql).toContain(`decision_time_ms < ${FAST_DECISION_MS})::int AS fast`);
  expect(sql).toContain(`decision_time_ms > ${SLOW_DECISION_MS})::int AS slow`);
  expect(sql).not.toMatch(/decision_time_ms [<>]=? (?!2000\)|5000\))\d+/);
});
