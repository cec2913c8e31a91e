import type { UrlBackedView } from '../../hooks/useUrlBackedView';
import { searchParamsWith } from '../../lib/searchParams';
import {
  auditFiltersReplaced,
  DEFAULT_AUDIT_FILTERS,
  isAuditRangeDays,
  isAuditSource,
  normalizeEvent,
  selectAuditFilters,
  type AuditLogFilters,
} from './auditLogsSlice';

// The audit view in the address (?range=30&event=CANCELLATION&source=app) so it survives a reload and can
// be shared. Defaults are left out; unreadable values fall back to the default.

const RANGE = 'range';
const EVENT = 'event';
const SOURCE = 'source';

function readRange(raw: string | null): AuditLogFilters['rangeDays'] {
  if (raw === null) return DEFAULT_AUDIT_FILTERS.rangeDays;
  if (raw === 'all') return null;
  const days = Number(raw);
  return isAuditRangeDays(days) ? days : DEFAULT_AUDIT_FILTERS.rangeDays;
}

export function auditFiltersFromSearchParams(params: URLSearchParams): AuditLogFilters {
  const source = params.get(SOURCE);
  return {
    rangeDays: readRange(params.get(RANGE)),
    event: normalizeEvent(params.get(EVENT) ?? ''),
    source: isAuditSource(source) ? source : DEFAULT_AUDIT_FILTERS.source,
  };
}

export function rangeParam(rangeDays: AuditLogFilters['rangeDays']): string {
  return rangeDays === null ? 'all' : String(rangeDays);
}

export function searchParamsWithAuditFilters(filters: AuditLogFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  return searchParamsWith(current, [
    [RANGE, rangeParam(filters.rangeDays), rangeParam(DEFAULT_AUDIT_FILTERS.rangeDays)],
    [EVENT, filters.event, DEFAULT_AUDIT_FILTERS.event],
    [SOURCE, filters.source, DEFAULT_AUDIT_FILTERS.source],
  ]);
}

/** Opening the page re-anchors the window at "now": "last 7 days" means the 7 days before it was opened. */
export const auditUrlView: UrlBackedView<AuditLogFilters> = {
  select: selectAuditFilters,
  replaced: auditFiltersReplaced,
  fromSearchParams: auditFiltersFromSearchParams,
  toSearchParams: searchParamsWithAuditFilters,
  history: 'replace',
};
