import * as m001 from './001_initial_schema';
import * as m002 from './002_server_settings';
import * as m003 from './003_console_actions';
import * as m010 from './010_name_identity';
import * as m011 from './011_import_runs';
import * as m015 from './015_row_counters';
import * as m020 from './020_revocable_sessions';
import * as m021 from './021_sign_in_attempts';
import * as m030 from './030_analytics_summaries';
import * as m031 from './031_analytics_connection_race';
import * as m032 from './032_match_conversion_totals';
import * as m040 from './040_user_list_indexes';
import * as m041 from './041_audit_event_daily_counts';
import * as m042 from './042_user_group_counts';
import * as m060 from './060_name_trash';
import * as m061 from './061_record_versions';
import * as m062 from './062_backup_restores';
import * as m070 from './070_sign_in_backoff';
import * as m080 from './080_operator_links';
import * as m090 from './090_operator_mfa';
import * as m100 from './100_name_search';
import * as m110 from './110_import_checks';
import * as m120 from './120_name_bulk_jobs';
import * as m130 from './130_saved_views';

export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applied in numeric order (migrations.order.test.ts holds it), each once, recorded in schema_migrations. Append;
 * never edit a shipped one. 032 was once listed after 042; the two touch different tables, so a database that had
 * them applied in that order and one that applies them in this order end up the same.
 * Numbering while several changes land side by side: 01x import integrity and names at scale, 02x sessions
 * and security, 03x analytics, 04x users and audit, 05x exports and database admin, 06x data safety (trash, versions), 07x running it for real (sign-in back-off),
 * 08x operators (the console's admin accounts and their password links), 09x their second factor (TOTP), 10x name
 * search, 11x checks of a file before its import, 12x jobs over every name matching a filter, 13x saved views and
 * grid preferences.
 */
export const migrations: readonly Migration[] = [
  m001,
  m002,
  m003,
  m010,
  m011,
  m015,
  m020,
  m021,
  m030,
  m031,
  m032,
  m040,
  m041,
  m042,
  m060,
  m061,
  m062,
  m070,
  m080,
  m090,
  m100,
  m110,
  m120,
  m130,
];
