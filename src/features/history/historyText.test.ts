import type { HistoryEntry } from '../../../contract/schemas/dataSafety';
import { changeText, revertQuestion, stateText, whoText } from './historyText';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'console:1',
  source: 'console',
  at: '2026-03-01T12:00:00.000Z',
  actor: { uid: 'a1', email: 'admin@example.com' },
  action: 'name.update',
  summary: 'Edited',
  changes: [],
  revertActionId: 1,
  ...over,
});

it('writes values as the history shows them: text quoted, flags bare, nothing as a dash', () => {
  expect(changeText({ field: 'isPremium', before: false, after: true })).toBe('isPremium: false → true');
  expect(changeText({ field: 'name', before: 'Ada', after: 'Ida' })).toBe('name: “Ada” → “Ida”');
  expect(changeText({ field: 'gender', before: null, after: 'female' })).toBe('gender: — → “female”');
});

it('asks what a revert will do', () => {
  expect(revertQuestion(entry({ changes: [{ field: 'isPremium', before: false, after: true }] }), 'user')).toBe(
    'Revert: set isPremium back to false?',
  );
  expect(
    revertQuestion(
      entry({
        changes: [
          { field: 'name', before: 'Ada', after: 'Ida' },
          { field: 'gender', before: 'female', after: 'male' },
          { field: 'nationality', before: 'irish', after: 'english' },
        ],
      }),
      'name',
    ),
  ).toBe('Revert: set name back to “Ada”, gender back to “female” and nationality back to “irish”?');
  // A move to the trash is reverted by restoring the name.
  expect(revertQuestion(entry({ action: 'name.delete', summary: 'Moved to the trash with no swipes' }), 'name')).toBe(
    'Revert: restore this name from the trash?',
  );
});

it('says who: the operator, the app, the importing operator', () => {
  expect(whoText(entry({}))).toBe('admin@example.com');
  expect(whoText(entry({ source: 'app', actor: null }))).toBe('the app');
  expect(whoText(entry({ source: 'import', actor: { uid: 'a2', email: 'importer@example.com' } }))).toBe('importer@example.com');
  expect(whoText(entry({ actor: null }))).toBe('an unknown operator');
});

it('says when the record is not live', () => {
  expect(stateText('live', 'name')).toBeNull();
  expect(stateText('trash', 'name')).toBe('This name is in the trash.');
  expect(stateText('gone', 'name')).toBe('This name was deleted forever.');
  expect(stateText('gone', 'user')).toBe('This user was deleted.');
});
