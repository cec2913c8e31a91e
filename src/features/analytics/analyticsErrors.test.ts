import type { SystemHealth } from '../../../contract/schemas/databaseAdmin';
import { analyticsTablesNotFoundMessage, selectDashboardError, unableToFetchMessage, type CallState } from './analyticsErrors';

const health = (analytics_tables: string[], tables = ['names', 'swipes', 'users', ...analytics_tables]): SystemHealth => ({
  postgresql: 'PostgreSQL 15.8',
  tables,
  analytics_tables,
  views: [],
  table_counts: {},
});
const ok: CallState = { loading: false, failed: null };
const failed = (reason: string): CallState => ({ loading: false, failed: reason });
const loading: CallState = { loading: true, failed: null };

describe('the spec 8 texts', () => {
  it('lists the available tables, or says none', () => {
    expect(analyticsTablesNotFoundMessage(['names', 'users'])).toBe('Analytics tables not found. Available tables: names, users');
    expect(analyticsTablesNotFoundMessage([])).toBe('Analytics tables not found. Available tables: none');
    expect(unableToFetchMessage('HTTP 500')).toBe('Unable to fetch analytics data: HTTP 500');
  });
});

describe('selectDashboardError', () => {
  it('says the analytics tables are missing when health lists none, even if the calls failed too', () => {
    expect(selectDashboardError({ health: { data: health([], ['names', 'users']), failed: null }, sections: [failed('HTTP 500')] })).toBe(
      'Analytics tables not found. Available tables: names, users',
    );
    expect(selectDashboardError({ health: { data: health([], []), failed: null }, sections: [ok] })).toBe(
      'Analytics tables not found. Available tables: none',
    );
  });

  it('reports a failed health call as unable to fetch, with its reason', () => {
    expect(selectDashboardError({ health: { failed: 'Could not reach the server.' }, sections: [ok, ok] })).toBe(
      'Unable to fetch analytics data: Could not reach the server.',
    );
  });

  it('lets single failed calls fall back to empty tables (no page error)', () => {
    expect(
      selectDashboardError({ health: { data: health(['analytics_names']), failed: null }, sections: [ok, failed('HTTP 500'), ok] }),
    ).toBeNull();
  });

  it('reports unable to fetch with the first reason when every call failed', () => {
    expect(
      selectDashboardError({
        health: { data: health(['analytics_names']), failed: null },
        sections: [failed('HTTP 502'), failed('HTTP 500')],
      }),
    ).toBe('Unable to fetch analytics data: HTTP 502');
  });

  it('waits for calls still loading before calling it a total failure', () => {
    expect(
      selectDashboardError({ health: { data: health(['analytics_names']), failed: null }, sections: [failed('HTTP 502'), loading] }),
    ).toBeNull();
  });

  it('shows no error while health is still loading', () => {
    expect(selectDashboardError({ health: { failed: null }, sections: [loading] })).toBeNull();
  });
});
