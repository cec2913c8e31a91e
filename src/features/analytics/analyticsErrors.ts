// Which error the analytics screens show (spec 8). Pure, so the choice is tested apart from the screens.
import type { SystemHealth } from '../../../contract/schemas/databaseAdmin';

/** Spec 8: health answered, but lists no analytics tables. */
export function analyticsTablesNotFoundMessage(tables: readonly string[]): string {
  return `Analytics tables not found. Available tables: ${tables.length > 0 ? tables.join(', ') : 'none'}`;
}

/** Spec 8: any other failure of the Name Analytics Dashboard. */
export function unableToFetchMessage(reason: string): string {
  return `Unable to fetch analytics data: ${reason}`;
}

/**
 * Spec 8, User Analytics. The page-level message is for the figures the page is about (user stats): without
 * them there is nothing to show, so the operator is told to come back later. A top-10 card whose own call
 * failed says the shorter 'Failed to load analytics.' in place, beside figures that did load.
 */
export const USER_ANALYTICS_PAGE_ERROR = 'Failed to load analytics data. Please try again later.';
export const USER_ANALYTICS_SECTION_ERROR = 'Failed to load analytics.';

/** Where one call of a screen stands. `failed` holds the reason when the call failed. */
export interface CallState {
  loading: boolean;
  failed: string | null;
}

export interface DashboardErrorInput {
  health: { data?: SystemHealth; failed: string | null };
  /** the dashboard's individual analytics calls (tables) */
  sections: readonly CallState[];
}

/**
 * The Name Analytics Dashboard's page error, or null when the page can show its tables:
 * - health failed: nothing is known, so 'Unable to fetch analytics data: {reason}';
 * - health lists no analytics tables: 'Analytics tables not found. Available tables: {list or none}',
 *   whatever the other calls did (their failures follow from the missing tables);
 * - every individual call failed: 'Unable to fetch analytics data: {first reason}', one error with Retry
 *   instead of a page of empty tables;
 * - otherwise null: a call that failed falls back to empty data and its table says so.
 */
export function selectDashboardError({ health, sections }: DashboardErrorInput): string | null {
  if (health.failed !== null) return unableToFetchMessage(health.failed);
  if (health.data && health.data.analytics_tables.length === 0) return analyticsTablesNotFoundMessage(health.data.tables);
  const settled = sections.filter((section) => !section.loading);
  if (sections.length > 0 && settled.length === sections.length && settled.every((section) => section.failed !== null)) {
    return unableToFetchMessage(settled[0].failed as string);
  }
  return null;
}
