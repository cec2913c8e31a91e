// firestore.indexes.json against the queries the adapters send: every composite query shape, derived from the
// adapters' own planners (queryShapes), must be served by a listed index. The Firestore emulator does not
// enforce indexes, so without this a missing one would first show as a FAILED_PRECONDITION in production.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { queryShapes, type QueryShape } from './usersAuditPlan';

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
}
interface CompositeIndex {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
}

const indexes = (JSON.parse(readFileSync(path.join(__dirname, '../../../firestore.indexes.json'), 'utf8')) as { indexes: CompositeIndex[] })
  .indexes;

const orderOf = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'ASCENDING' : 'DESCENDING');

/** An index of exactly (equality field, order field) in the order's direction (either direction for a bare range). */
function pairIndexed(collection: string, equality: string, order: QueryShape['order']): boolean {
  return indexes.some(
    (index) =>
      index.collectionGroup === collection &&
      index.queryScope === 'COLLECTION' &&
      index.fields.length === 2 &&
      index.fields[0]!.fieldPath === equality &&
      index.fields[1]!.fieldPath === order.field &&
      (order.direction === null || index.fields[1]!.order === orderOf(order.direction)),
  );
}

/**
 * Firestore serves equality filters plus one order by merging per-field indexes (equality field, order field):
 * one such index for each equality field covers the query. (A single composite index of all fields would too;
 * the file lists the pairs, 40 instead of 150.)
 */
function served(shape: QueryShape): boolean {
  return shape.equality.every((field) => pairIndexed(shape.collection, field, shape.order));
}

const label = (s: QueryShape) =>
  `${s.collection}: ${s.equality.join(' == & ')} == … order by ${s.order.field} ${s.order.direction ?? '(range)'}`;

it('derives the composite query shapes from the adapters’ planners', () => {
  const shapes = queryShapes();
  // 4 equality filters in 15 combinations × 5 sort fields × 2 orders, the audit log's event + timestamp, and a
  // user's history: the app's events of one user, newest first.
  expect(shapes.filter((s) => s.collection === 'users')).toHaveLength(150);
  expect(shapes.filter((s) => s.collection === 'audit_logs').map(label)).toEqual([
    'audit_logs: event == … order by timestamp desc',
    'audit_logs: event == … order by timestamp (range)',
    'audit_logs: userId == … order by timestamp desc',
  ]);
  expect(shapes.filter((s) => s.collection === 'console_actions').map(label)).toEqual([
    'console_actions: action == … order by timestamp desc',
    'console_actions: action == … order by timestamp (range)',
    'console_actions: targetId == … order by timestamp desc',
  ]);
});

it('firestore.indexes.json serves every composite query the adapters send', () => {
  const missing = queryShapes()
    .filter((shape) => !served(shape))
    .map(label);
  expect(missing).toEqual([]);
});

it('fails for a shape without an index (the check can fail)', () => {
  expect(served({ collection: 'users', equality: ['isPremium'], order: { field: 'uid', direction: 'asc' } })).toBe(false);
  expect(served({ collection: 'users', equality: ['isPremium', 'accountActive'], order: { field: 'email', direction: 'asc' } })).toBe(true);
});

it('lists no index the adapters never use', () => {
  const used = new Set(queryShapes().flatMap((s) => s.equality.map((f) => `${s.collection}/${f}/${s.order.field}`)));
  const unused = indexes.filter((i) => !used.has(`${i.collectionGroup}/${i.fields[0]!.fieldPath}/${i.fields[1]!.fieldPath}`));
  expect(unused).toEqual([]);
});
