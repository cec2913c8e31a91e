import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sinceDaysAgo } from './sinceDaysAgo';
import {
  AUDIT_RANGE_DAYS,
  AUDIT_SOURCES,
  DEFAULT_AUDIT_RANGE_DAYS,
  type AuditRangeDays,
  type AuditSource,
} from '../../../contract/usersAudit';

export { AUDIT_RANGE_DAYS, AUDIT_SOURCES };
export type { AuditRangeDays, AuditSource };

/** What the operator narrows the audit trail by. */
export interface AuditLogFilters {
  /** the last 1, 7 (default), 30 or 90 days; null = all time (spec 9) */
  rangeDays: AuditRangeDays;
  /** one event type (an app event or a console action), or 'all' */
  event: string;
  /** the app's events, the console's own actions, or both */
  source: AuditSource;
}

export const DEFAULT_AUDIT_FILTERS: AuditLogFilters = { rangeDays: DEFAULT_AUDIT_RANGE_DAYS, event: 'all', source: 'all' };

export interface AuditLogsState {
  filters: AuditLogFilters;
  /**
   * The instant the range is counted back from. Fixed when the filters change (not on every render), so
   * the list, the statistics and an export of the same view all ask about the same window, and Load more
   * reads on in it rather than in a window that slides while the operator reads.
   */
  anchor: string;
  /** Pages of 100 the operator asked for with Load more; the pages themselves live in RTK Query's cache. */
  requestedPages: number;
}

export function isAuditRangeDays(value: unknown): value is AuditRangeDays {
  return (AUDIT_RANGE_DAYS as readonly unknown[]).includes(value);
}

export function isAuditSource(value: unknown): value is AuditSource {
  return (AUDIT_SOURCES as readonly unknown[]).includes(value);
}

/** Event names are single tokens (USER_CREATED, user.update); anything else is not a filter. */
export function normalizeEvent(value: string): string {
  const v = value.trim();
  return /^[A-Za-z0-9_.:-]{1,100}$/.test(v) ? v : 'all';
}

export function sameAuditFilters(a: AuditLogFilters, b: AuditLogFilters): boolean {
  return a.rangeDays === b.rangeDays && a.event === b.event && a.source === b.source;
}

export const initialAuditLogsState: AuditLogsState = {
  filters: DEFAULT_AUDIT_FILTERS,
  anchor: new Date(0).toISOString(),
  requestedPages: 1,
};

const auditLogsSlice = createSlice({
  name: 'auditLogs',
  initialState: initialAuditLogsState,
  reducers: {
    rangeChanged: {
      reducer(state, action: PayloadAction<{ rangeDays: AuditRangeDays; now: string }>) {
        if (!isAuditRangeDays(action.payload.rangeDays) || state.filters.rangeDays === action.payload.rangeDays) return;
        state.filters.rangeDays = action.payload.rangeDays;
        state.anchor = action.payload.now;
        state.requestedPages = 1;
      },
      prepare: (rangeDays: AuditRangeDays) => ({ payload: { rangeDays, now: new Date().toISOString() } }),
    },
    eventChanged: {
      reducer(state, action: PayloadAction<{ event: string; now: string }>) {
        const event = normalizeEvent(action.payload.event);
        if (state.filters.event === event) return;
        state.filters.event = event;
        state.anchor = action.payload.now;
        state.requestedPages = 1;
      },
      prepare: (event: string) => ({ payload: { event, now: new Date().toISOString() } }),
    },
    sourceChanged: {
      reducer(state, action: PayloadAction<{ source: AuditSource; now: string }>) {
        if (!isAuditSource(action.payload.source) || state.filters.source === action.payload.source) return;
        state.filters.source = action.payload.source;
        state.anchor = action.payload.now;
        state.requestedPages = 1;
      },
      prepare: (source: AuditSource) => ({ payload: { source, now: new Date().toISOString() } }),
    },
    /** The page opened, the address changed from outside, or Refresh: adopt the filters, re-anchor, start over. */
    auditFiltersReplaced: {
      reducer(state, action: PayloadAction<{ filters: AuditLogFilters; now: string }>) {
        state.filters = { ...action.payload.filters };
        state.anchor = action.payload.now;
        state.requestedPages = 1;
      },
      prepare: (filters: AuditLogFilters) => ({ payload: { filters, now: new Date().toISOString() } }),
    },
    /** Load more: the payload is the number of pages loaded now, so a double click asks for one page, not two. */
    morePagesRequested(state, action: PayloadAction<number>) {
      state.requestedPages = Math.max(state.requestedPages, action.payload + 1);
    },
  },
});

export const { rangeChanged, eventChanged, sourceChanged, auditFiltersReplaced, morePagesRequested } = auditLogsSlice.actions;
export const auditLogsReducer = auditLogsSlice.reducer;

interface WithAuditLogs {
  auditLogs: AuditLogsState;
}
export const selectAuditFilters = (state: WithAuditLogs) => state.auditLogs.filters;
export const selectAuditAnchor = (state: WithAuditLogs) => state.auditLogs.anchor;
export const selectAuditRequestedPages = (state: WithAuditLogs) => state.auditLogs.requestedPages;

/** What the list, the statistics and the export ask the backend: the same window for all three. */
export interface AuditView {
  since: string | undefined;
  event: string | undefined;
  source: AuditSource;
}

export const selectAuditView = createSelector([selectAuditFilters, selectAuditAnchor], (filters, anchor): AuditView => ({
  since: sinceDaysAgo(filters.rangeDays, new Date(anchor)),
  event: filters.event === 'all' ? undefined : filters.event,
  source: filters.source,
}));
