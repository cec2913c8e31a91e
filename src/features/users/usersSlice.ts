import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_USER_PAGE_SIZE as CONTRACT_DEFAULT_PAGE_SIZE,
  MAX_USER_CURSOR_LENGTH,
  MAX_USER_SEARCH_LENGTH,
  USER_PAGE_SIZES,
  USER_SORT_FIELDS,
} from '../../../contract/usersAudit';
import type { SortOrder, UserSortField } from '../../../contract/usersAudit';

export { USER_PAGE_SIZES };
/** Spec 9: the user list shows 25, 50 (default), 100 or 250 per page, or all of them ('all'). */
export type UserPageSize = (typeof USER_PAGE_SIZES)[number] | 'all';
export const DEFAULT_USER_PAGE_SIZE: UserPageSize = CONTRACT_DEFAULT_PAGE_SIZE;

export type PremiumFilter = 'all' | 'premium' | 'free';
export type ActiveFilter = 'all' | 'active' | 'inactive';
export type ConnectedFilter = 'all' | 'connected' | 'notConnected';

/** What the operator narrows the user list by, as the screen holds it. 'all' and '' mean "no filter". */
export interface UserListFilters {
  /** matched case-insensitively and partially against email, username, display name and uid */
  search: string;
  premium: PremiumFilter;
  active: ActiveFilter;
  connected: ConnectedFilter;
  /** the user's preferredGender ('all' = any) */
  preferredGender: string;
  /** the user's preferredNationality, lower case ('all' = any) */
  preferredNationality: string;
  /** inclusive calendar days, YYYY-MM-DD, '' = open */
  createdFrom: string;
  createdTo: string;
  lastActiveFrom: string;
  lastActiveTo: string;
}

export type { UserSortField };
export interface UserSort {
  field: UserSortField;
  direction: SortOrder;
}

/**
 * How the page on screen is reached: after the page before it (its nextCursor), before the page after it
 * (its previousCursor), or by offset (null). Cursors make a page cost page size + 1 reads in Firebase mode
 * wherever it lies; the address keeps them, so a reload or a shared link reads the same page as cheaply.
 */
export type PageAnchor = { cursor: string } | { before: string } | null;

export interface UsersState {
  filters: UserListFilters;
  sort: UserSort;
  pageSize: UserPageSize;
  /** zero-based; always 0 with 'all' */
  page: number;
  /** null on the first page and wherever the page was reached by its number */
  anchor: PageAnchor;
}

export const DEFAULT_USER_LIST_FILTERS: UserListFilters = {
  search: '',
  premium: 'all',
  active: 'all',
  connected: 'all',
  preferredGender: 'all',
  preferredNationality: 'all',
  createdFrom: '',
  createdTo: '',
  lastActiveFrom: '',
  lastActiveTo: '',
};

export const DEFAULT_USER_SORT: UserSort = { field: 'createdAt', direction: 'desc' };

export const initialUsersState: UsersState = {
  filters: DEFAULT_USER_LIST_FILTERS,
  sort: DEFAULT_USER_SORT,
  pageSize: DEFAULT_USER_PAGE_SIZE,
  page: 0,
  anchor: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as an <input type="date"> gives it, or '' for anything else. */
export function normalizeDay(value: string): string {
  const v = value.trim();
  if (!DAY.test(v)) return '';
  const date = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v ? v : '';
}

export function isUserPageSize(value: unknown): value is UserPageSize {
  return value === 'all' || (USER_PAGE_SIZES as readonly unknown[]).includes(value);
}

const PREMIUM: readonly PremiumFilter[] = ['all', 'premium', 'free'];
const ACTIVE: readonly ActiveFilter[] = ['all', 'active', 'inactive'];
const CONNECTED: readonly ConnectedFilter[] = ['all', 'connected', 'notConnected'];
const SORT_FIELDS: readonly UserSortField[] = USER_SORT_FIELDS;

const lowerOrAll = (value: string) => value.trim().toLowerCase() || 'all';

/**
 * Any filters (from the address, a hand-edited link, a form) made valid: unknown values mean "no filter",
 * so a broken link still opens the page instead of failing.
 */
export function sanitizeFilters(raw: Partial<Record<keyof UserListFilters, unknown>>): UserListFilters {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T =>
    (allowed as readonly unknown[]).includes(value) ? (value as T) : allowed[0];
  return {
    search: text(raw.search).trim().slice(0, MAX_USER_SEARCH_LENGTH),
    premium: oneOf(raw.premium, PREMIUM),
    active: oneOf(raw.active, ACTIVE),
    connected: oneOf(raw.connected, CONNECTED),
    preferredGender: lowerOrAll(text(raw.preferredGender)),
    preferredNationality: lowerOrAll(text(raw.preferredNationality)),
    createdFrom: normalizeDay(text(raw.createdFrom)),
    createdTo: normalizeDay(text(raw.createdTo)),
    lastActiveFrom: normalizeDay(text(raw.lastActiveFrom)),
    lastActiveTo: normalizeDay(text(raw.lastActiveTo)),
  };
}

export function sanitizeSort(raw: { field?: unknown; direction?: unknown }): UserSort {
  const field = (SORT_FIELDS as readonly unknown[]).includes(raw.field) ? (raw.field as UserSortField) : DEFAULT_USER_SORT.field;
  const direction = raw.direction === 'asc' || raw.direction === 'desc' ? raw.direction : DEFAULT_USER_SORT.direction;
  return { field, direction };
}

export function sameFilters(a: UserListFilters, b: UserListFilters): boolean {
  return (Object.keys(a) as (keyof UserListFilters)[]).every((key) => a[key] === b[key]);
}

/** How many filters beyond the search are set: the badge on the "Advanced filters" button. */
export function activeFilterCount(filters: UserListFilters): number {
  return (Object.keys(filters) as (keyof UserListFilters)[]).filter(
    (key) => key !== 'search' && filters[key] !== DEFAULT_USER_LIST_FILTERS[key],
  ).length;
}

export interface UsersViewReplaced {
  filters: UserListFilters;
  sort: UserSort;
  pageSize: UserPageSize;
  page: number;
  anchor?: PageAnchor;
}

/** A cursor as long as the backends issue them (the contract's limit), or none. */
export function sanitizeAnchor(anchor: unknown): PageAnchor {
  const value = anchor as { cursor?: unknown; before?: unknown } | null;
  const fine = (text: unknown): text is string => typeof text === 'string' && text.length > 0 && text.length <= MAX_USER_CURSOR_LENGTH;
  if (fine(value?.cursor)) return { cursor: value.cursor };
  if (fine(value?.before)) return { before: value.before };
  return null;
}

const usersSlice = createSlice({
  name: 'users',
  initialState: initialUsersState,
  reducers: {
    // A different list starts at its first page; setting a filter to the value it has is not a change.
    searchChanged(state, action: PayloadAction<string>) {
      const search = sanitizeFilters({ search: action.payload }).search;
      if (state.filters.search === search) return;
      state.filters.search = search;
      state.page = 0;
      state.anchor = null;
    },
    filtersChanged(state, action: PayloadAction<Partial<UserListFilters>>) {
      const next = sanitizeFilters({ ...state.filters, ...action.payload });
      if (sameFilters(next, state.filters)) return;
      state.filters = next;
      state.page = 0;
      state.anchor = null;
    },
    filtersCleared(state) {
      if (sameFilters(state.filters, DEFAULT_USER_LIST_FILTERS)) return;
      state.filters = DEFAULT_USER_LIST_FILTERS;
      state.page = 0;
      state.anchor = null;
    },
    sortChanged(state, action: PayloadAction<UserSort>) {
      const sort = sanitizeSort(action.payload);
      if (sort.field === state.sort.field && sort.direction === state.sort.direction) return;
      state.sort = sort;
      state.page = 0;
      state.anchor = null;
    },
    pageSizeChanged(state, action: PayloadAction<UserPageSize>) {
      if (!isUserPageSize(action.payload) || state.pageSize === action.payload) return;
      state.pageSize = action.payload;
      state.page = 0;
      state.anchor = null;
    },
    /** A page by its number (a link, a jump): read by offset. */
    pageChanged(state, action: PayloadAction<number>) {
      if (state.pageSize === 'all') return;
      state.page = Math.max(0, Math.floor(action.payload) || 0);
      state.anchor = null;
    },
    /** Next or Previous: the neighbouring page, reached from this one's cursor. */
    pageStepped(state, action: PayloadAction<{ page: number; anchor: PageAnchor }>) {
      if (state.pageSize === 'all') return;
      state.page = Math.max(0, Math.floor(action.payload.page) || 0);
      state.anchor = state.page === 0 ? null : sanitizeAnchor(action.payload.anchor);
    },
    /** The page opened (or the address changed from outside): adopt what the address says. */
    viewReplaced(state, action: PayloadAction<UsersViewReplaced>) {
      const { filters, sort, pageSize, page, anchor } = action.payload;
      state.filters = sanitizeFilters(filters);
      state.sort = sanitizeSort(sort);
      state.pageSize = isUserPageSize(pageSize) ? pageSize : DEFAULT_USER_PAGE_SIZE;
      state.page = state.pageSize === 'all' ? 0 : Math.max(0, Math.floor(page) || 0);
      state.anchor = state.page === 0 ? null : sanitizeAnchor(anchor);
    },
  },
});

export const { searchChanged, filtersChanged, filtersCleared, sortChanged, pageSizeChanged, pageChanged, pageStepped, viewReplaced } =
  usersSlice.actions;
export const usersReducer = usersSlice.reducer;

interface WithUsers {
  users: UsersState;
}
export const selectUserFilters = (state: WithUsers) => state.users.filters;
export const selectUserSort = (state: WithUsers) => state.users.sort;
export const selectUserPageSize = (state: WithUsers) => state.users.pageSize;
export const selectUserPage = (state: WithUsers) => state.users.page;
export const selectUserPageAnchor = (state: WithUsers) => state.users.anchor;
export const selectUsersView = (state: WithUsers) => state.users;
