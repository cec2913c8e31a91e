// What the command palette offers (CommandPalette.tsx): the admin pages, users and names found by the text typed, and
// the records chosen last. Pure functions, so the matching and the recent list are tested without a screen.
import { adminPages } from '../../app/adminPages';

export type PaletteGroup = 'Recent' | 'Pages' | 'Users' | 'Names';

export interface PaletteItem {
  /** unique within the palette's list (also the option's DOM id suffix) */
  id: string;
  group: PaletteGroup;
  label: string;
  detail?: string;
  /** where choosing it goes: a path with its query */
  to: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The admin pages whose name or description holds every word typed (all of them for no text). */
export function pageItems(text: string): PaletteItem[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  return adminPages
    .filter((page) => {
      const haystack = fold(`${page.label} ${page.description}`);
      return words.every((word) => haystack.includes(word));
    })
    .map((page) => ({ id: `page:${page.path}`, group: 'Pages', label: page.label, detail: page.description, to: page.path }));
}

/** A user found by the list's search: opens User Management filtered to them. */
export function userItem(user: { uid: string; email: string | null; displayName: string | null; username?: string | null }): PaletteItem {
  const label = user.displayName || user.username || user.email || user.uid;
  return {
    id: `user:${user.uid}`,
    group: 'Users',
    label,
    detail: user.email && user.email !== label ? user.email : user.uid,
    to: `/user-management?q=${encodeURIComponent(user.email || user.uid)}`,
  };
}

/** A name found by the names list's search: opens Manage Names searching for it. */
export function nameItem(name: { id: number; name: string; gender: string; nationality: string }): PaletteItem {
  return {
    id: `name:${name.id}`,
    group: 'Names',
    label: name.name,
    detail: `${name.gender}, ${name.nationality}`,
    to: `/manage-names?q=${encodeURIComponent(name.name)}`,
  };
}

const RECENT_KEY = 'palette.recent';
/** Records (users and names) chosen last, newest first: what the palette shows before anything is typed. */
export const MAX_RECENT = 5;

export function readRecent(storage: Pick<Storage, 'getItem'> = localStorage): PaletteItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter(
            (item): item is PaletteItem => typeof item?.id === 'string' && typeof item?.to === 'string' && typeof item?.label === 'string',
          )
          .map((item) => ({ ...item, id: `recent:${item.id}`, group: 'Recent' as const }))
      : [];
  } catch {
    return [];
  }
}

/** Keeps a chosen record at the front of the recent list (pages are not records: they are always listed). */
export function rememberRecent(item: PaletteItem, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  if (item.group === 'Pages') return;
  const original = (one: PaletteItem) => ({ ...one, id: one.id.replace(/^recent:/, '') });
  const chosen = original(item);
  const next = [
    chosen,
    ...readRecent(storage)
      .map(original)
      .filter((other) => other.id !== chosen.id),
  ].slice(0, MAX_RECENT);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // a full or disabled store: nothing is remembered
  }
}
