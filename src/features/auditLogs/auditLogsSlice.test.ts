import {
  DEFAULT_AUDIT_FILTERS,
  auditFiltersReplaced,
  auditLogsReducer,
  eventChanged,
  initialAuditLogsState,
  morePagesRequested,
  rangeChanged,
  selectAuditView,
  sourceChanged,
  type AuditLogsState,
} from './auditLogsSlice';
import { auditFiltersFromSearchParams, searchParamsWithAuditFilters } from './auditLogsUrl';
import { eventBadgeColor } from './eventBadge';

const loaded: AuditLogsState = { ...initialAuditLogsState, anchor: '2026-03-10T12:00:00.000Z', requestedPages: 4 };

describe('audit logs slice', () => {
  it('starts at the last 7 days, every event, both sources', () => {
    expect(DEFAULT_AUDIT_FILTERS).toEqual({ rangeDays: 7, event: 'all', source: 'all' });
  });

  it.each([
    ['range', rangeChanged(30)],
    ['all time', rangeChanged(null)],
    ['event', eventChanged('CANCELLATION')],
    ['source', sourceChanged('console')],
  ])('a %s change starts again at one page with a new anchor', (_label, action) => {
    const next = auditLogsReducer(loaded, action);
    expect(next.requestedPages).toBe(1);
    expect(next.anchor).not.toBe(loaded.anchor);
  });

  it('re-selecting the current value is no change; unknown values are refused', () => {
    expect(auditLogsReducer(loaded, rangeChanged(7))).toBe(loaded);
    expect(auditLogsReducer(loaded, rangeChanged(14 as never))).toBe(loaded);
    expect(auditLogsReducer(loaded, sourceChanged('mobile' as never))).toBe(loaded);
    expect(auditLogsReducer(loaded, eventChanged('all'))).toBe(loaded);
    expect(auditLogsReducer(loaded, eventChanged("x'; drop table"))).toBe(loaded);
  });

  it('Load more asks for exactly one page more than is loaded', () => {
    const once = auditLogsReducer(initialAuditLogsState, morePagesRequested(1));
    expect(auditLogsReducer(once, morePagesRequested(1)).requestedPages).toBe(2);
  });

  it('derives one window for list, statistics and export from the anchor', () => {
    const state = { auditLogs: auditLogsReducer(loaded, { type: 'noop' }) };
    expect(selectAuditView(state)).toEqual({ since: '2026-03-03T12:00:00.000Z', event: undefined, source: 'all' });
    const allTime = { auditLogs: { ...loaded, filters: { rangeDays: null, event: 'USER_CREATED', source: 'app' as const } } };
    expect(selectAuditView(allTime)).toEqual({ since: undefined, event: 'USER_CREATED', source: 'app' });
  });

  it('replacing the filters (page open, Refresh) re-anchors', () => {
    const next = auditLogsReducer(loaded, auditFiltersReplaced({ rangeDays: 1, event: 'all', source: 'app' }));
    expect(next).toMatchObject({ filters: { rangeDays: 1, event: 'all', source: 'app' }, requestedPages: 1 });
    expect(Date.parse(next.anchor)).toBeGreaterThan(Date.parse(loaded.anchor));
  });
});

describe('audit filters in the address', () => {
  it('round-trips, leaving defaults out', () => {
    const filters = { rangeDays: null, event: 'user.update', source: 'console' } as const;
    const params = searchParamsWithAuditFilters(filters);
    expect(params.toString()).toBe('range=all&event=user.update&source=console');
    expect(auditFiltersFromSearchParams(params)).toEqual(filters);
    expect(searchParamsWithAuditFilters(DEFAULT_AUDIT_FILTERS).toString()).toBe('');
  });

  it('falls back to defaults for values that are not filters', () => {
    expect(auditFiltersFromSearchParams(new URLSearchParams('range=14&event=%3Cscript%3E&source=x'))).toEqual(DEFAULT_AUDIT_FILTERS);
  });
});

describe('event badges (spec 4)', () => {
  it.each([
    ['CANCELLATION', 'error'],
    ['ACCOUNT_DELETED', 'error'],
    ['SUBSCRIPTION_START', 'success'],
    ['USER_CREATED', 'info'],
    ['SUBSCRIPTION_END', 'default'],
    ['user.update', 'default'],
    ['toString', 'default'],
  ])('%s is %s', (event, color) => {
    expect(eventBadgeColor(event)).toBe(color);
  });
});
