import { RESTORE_PART } from '../../contract/dataSafety';
import type { RestoreResponse } from '../../contract/schemas/dataSafety';
import type { ApiError } from './errors';
import { failedAfter, restoreDeletionInParts } from './restoreDeletion';

type Answer = { data: RestoreResponse } | { error: ApiError };

function fakeApi(answers: Answer[]) {
  const bodies: unknown[] = [];
  const callApi = async (args: { body?: unknown }) => {
    bodies.push(args.body);
    const next = answers.shift();
    if (!next) throw new Error('called once too often');
    return next;
  };
  return { callApi, bodies };
}

const part = (restoredCount: number, remaining: number | undefined): Answer => ({
  data: { restoredCount, swipes: restoredCount * 2, matches: 1, ...(remaining === undefined ? {} : { remaining }) },
});

describe('restoring a whole deletion in parts', () => {
  it('asks for parts of RESTORE_PART until none remain, adding up the counts', async () => {
    const { callApi, bodies } = fakeApi([part(RESTORE_PART, 2500), part(RESTORE_PART, 500), part(500, 0)]);
    const total: RestoreResponse = { restoredCount: 0, swipes: 0, matches: 0 };
    expect(await restoreDeletionInParts(callApi as never, 7, total)).toBeNull();
    expect(bodies).toEqual([1, 2, 3].map(() => ({ deletionId: 7, limit: RESTORE_PART })));
    expect(total).toEqual({ restoredCount: 4500, swipes: 9000, matches: 3 });
  });

  it('stops after one part when the server restored the whole deletion (no `remaining`)', async () => {
    const { callApi, bodies } = fakeApi([part(35_000, undefined)]);
    const total: RestoreResponse = { restoredCount: 0, swipes: 0, matches: 0 };
    expect(await restoreDeletionInParts(callApi as never, 7, total)).toBeNull();
    expect(bodies).toHaveLength(1);
    expect(total.restoredCount).toBe(35_000);
  });

  it('a failing part ends it; the error says how many names came back before', async () => {
    const refused: ApiError = { status: 409, reason: 'Nothing was restored: Anna (id 4) is live again as id 9' };
    const { callApi } = fakeApi([part(RESTORE_PART, 100), { error: refused }]);
    const total: RestoreResponse = { restoredCount: 0, swipes: 0, matches: 0 };
    const error = await restoreDeletionInParts(callApi as never, 7, total);
    expect(error).toBe(refused);
    expect(failedAfter(error!, total.restoredCount).reason).toBe(
      'Nothing was restored: Anna (id 4) is live again as id 9. 2,000 names were restored before it failed.',
    );
    expect(failedAfter(refused, 0)).toBe(refused);
  });
});
