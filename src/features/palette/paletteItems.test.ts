import { MAX_RECENT, pageItems, readRecent, rememberRecent, userItem, type PaletteItem } from './paletteItems';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('palette items', () => {
  it('lists every page for no text, and the pages holding every word typed, accents and case aside', () => {
    expect(pageItems('').length).toBeGreaterThan(10);
    expect(pageItems('opérators').map((item) => item.to)).toEqual(['/operators']);
    expect(pageItems('csv import').map((item) => item.label)).toEqual(['Bulk Upload']);
    expect(pageItems('nothing like this')).toEqual([]);
  });

  it('a user opens User Management filtered to their e-mail', () => {
    expect(userItem({ uid: 'u1', email: 'anna@example.com', displayName: 'Anna B.' })).toEqual({
      id: 'user:u1',
      group: 'Users',
      label: 'Anna B.',
      detail: 'anna@example.com',
      to: '/user-management?q=anna%40example.com',
    });
    expect(userItem({ uid: 'u2', email: null, displayName: null }).to).toBe('/user-management?q=u2');
  });

  it('remembers the records chosen last, newest first, once each, at most MAX_RECENT, and no pages', () => {
    const storage = memoryStorage();
    const user = (n: number): PaletteItem => userItem({ uid: `u${n}`, email: `u${n}@example.com`, displayName: null });
    for (let n = 1; n <= MAX_RECENT + 2; n += 1) rememberRecent(user(n), storage);
    rememberRecent(user(4), storage);
    rememberRecent(pageItems('operators')[0]!, storage);
    const recent = readRecent(storage);
    expect(recent.map((item) => item.id)).toEqual([
      'recent:user:u4',
      'recent:user:u7',
      'recent:user:u6',
      'recent:user:u5',
      'recent:user:u3',
    ]);
    expect(recent.every((item) => item.group === 'Recent')).toBe(true);
    // choosing a recent item moves it to the front without doubling it
    rememberRecent(recent[3]!, storage);
    expect(readRecent(storage).map((item) => item.id)[0]).toBe('recent:user:u5');
    expect(readRecent(storage)).toHaveLength(MAX_RECENT);
  });

  it('reads a broken store as empty', () => {
    expect(readRecent({ getItem: () => '{not json' })).toEqual([]);
    expect(readRecent({ getItem: () => JSON.stringify([{ id: 1 }, 'x']) })).toEqual([]);
  });
});
