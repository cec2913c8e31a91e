import { JsonByteGuard, JsonNestingError, type JsonByteGuardOptions } from './jsonByteGuard';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Runs text through a guard in chunks of `chunk` bytes; returns what the parser would get and the guard. */
function guarded(text: string, options: Partial<JsonByteGuardOptions> = {}, chunk = 3) {
  const parts: Uint8Array[] = [];
  const guard = new JsonByteGuard((bytes) => parts.push(bytes.slice()), { maxScalarBytes: 8, maxRowBytes: 40, maxDepth: 10, ...options });
  const bytes = encoder.encode(text);
  for (let at = 0; at < bytes.length; at += chunk) guard.write(bytes.subarray(at, at + chunk));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return { text: decoder.decode(out), guard, bytesIn: bytes.length };
}

const doc = (rows: string) => `{"version":"1.0","data":{"users":[${rows}]}}`;

it('hands on a backup whose values are within the bounds byte for byte, whatever the chunking', () => {
  const text = doc('{"uid":"u1","n":12},{"uid":"u\\"2","n":-1.5e3}');
  for (const chunk of [1, 2, 7, 1000]) expect(guarded(text, {}, chunk).text).toBe(text);
});

it('cuts a long string where a character starts (never inside an escape or a UTF-8 character) and marks its row', () => {
  const { text, guard } = guarded(doc('{"uid":"u1"},{"uid":"\\u00e9ééééééé\\n\\nmore and more"},{"uid":"u3"}'));
  const parsed = JSON.parse(text);
  // 8 bytes kept: \u00e9 (6 bytes) is whole, then é (2 bytes); the rest is dropped, the closing quote kept
  expect(parsed.data.users).toEqual([{ uid: 'u1' }, { uid: 'éé' }, { uid: 'u3' }]);
  expect(guard.takeOversized(0)).toBe(false);
  expect(guard.takeOversized(1)).toBe(true);
  expect(guard.takeOversized(1)).toBe(false); // asked once
  expect(guard.takeOversized(2)).toBe(false);
});

it('cuts a long number after a digit and marks its row; strings outside rows are cut without a mark', () => {
  const { text, guard } = guarded('{"version":"1.0-and-a-long-tail","data":{"users":[1234567890123,{"n":1.23456789e10}]}}');
  const parsed = JSON.parse(text);
  expect(parsed.version).toBe('1.0-and-');
  expect(parsed.data.users).toEqual([12345678, { n: 1.234567 }]);
  expect(guard.takeOversized(0)).toBe(true);
  expect(guard.takeOversized(1)).toBe(true);
});

it('closes a row that grows past the bound at its next member boundary and drops the rest of it', () => {
  const big = `{"uid":"u2","a":[1,2,{"b":3},4],"c":"x","d":{"e":[5,6,7]},"f":8}`;
  const { text, guard, bytesIn } = guarded(doc(`{"uid":"u1"},${big},{"uid":"u3"}`), { maxRowBytes: 20 });
  const rows = JSON.parse(text).data.users;
  expect(rows[0]).toEqual({ uid: 'u1' });
  expect(rows[1].uid).toBe('u2');
  expect(JSON.stringify(rows[1]).length).toBeLessThan(big.length);
  expect(rows[2]).toEqual({ uid: 'u3' });
  expect(rows).toHaveLength(3);
  expect(guard.takeOversized(1)).toBe(true);
  expect(guard.takeOversized(0) || guard.takeOversized(2)).toBe(false);
  // the positions the parser sees are the file's minus what was dropped, plus the brackets added
  expect(text.length + guard.shift).toBe(bytesIn);
});

it('does not take brackets, commas or quotes inside strings for structure', () => {
  const text = doc('{"uid":"[,{\\\\"},{"uid":"}]\\""}');
  expect(guarded(text, { maxScalarBytes: 100, maxRowBytes: 100 }).text).toBe(text);
  expect(JSON.parse(text).data.users).toEqual([{ uid: '[,{\\' }, { uid: '}]"' }]);
});

it('forgets the marks of one collection when the next one opens', () => {
  const text = '{"data":{"users":[{"uid":"aaaaaaaaaaaaaaa"}],"names":[{"id":1}]}}';
  const { guard } = guarded(text);
  expect(guard.takeOversized(0)).toBe(false); // the mark of users[0] is gone once names opened
});

it('stops on nesting deeper than the bound', () => {
  expect(() => guarded(`${'['.repeat(11)}${']'.repeat(11)}`)).toThrow(JsonNestingError);
  expect(guarded(`${'['.repeat(10)}${']'.repeat(10)}`).text).toBe(`${'['.repeat(10)}${']'.repeat(10)}`);
});

it('always hands on JSON, whatever the bounds, the chunking and the text (escapes, quotes, multi-byte characters)', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const text = () =>
    Array.from({ length: Math.floor(random() * 40) }, () => pick(['a', 'é', '"', '\\', '\n', '€', '😀', '[', ',', '}', ' '])).join('');
  const value = (depth: number): unknown => {
    const kind = depth > 3 ? pick(['s', 'n']) : pick(['s', 'n', 'o', 'a', 't']);
    if (kind === 's') return text();
    if (kind === 'n') return Math.round(random() * 1e9) / 1000 - 5e5;
    if (kind === 't') return pick([true, false, null]);
    if (kind === 'a') return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [text(), value(depth + 1)]));
  };
  for (let round = 0; round < 200; round += 1) {
    const doc = { version: text(), data: { users: Array.from({ length: 5 }, () => value(3)), names: [value(3)] } };
    const json = JSON.stringify(doc, null, round % 3 === 0 ? 1 : undefined);
    const chunk = 1 + Math.floor(random() * 20);
    expect(guarded(json, { maxScalarBytes: 1_000, maxRowBytes: 10_000, maxDepth: 64 }, chunk).text).toBe(json);
    const small = guarded(
      json,
      { maxScalarBytes: 8 + Math.floor(random() * 10), maxRowBytes: Math.floor(random() * 60), maxDepth: 64 },
      chunk,
    );
    expect(() => JSON.parse(small.text)).not.toThrow();
    expect(JSON.parse(small.text).data.users).toHaveLength(5);
  }
});
