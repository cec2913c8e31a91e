import * as m001 from './001_initial_schema';
import * as m002 from './002_server_settings';

export interface Migration {
  id: string;
  sql: string;
}

/** Applied in order, each once, recorded in schema_migrations. Append; never edit a shipped one. */
export const migrations: readonly Migration[] = [m001, m002];
