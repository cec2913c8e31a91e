// The fake backend's history port: the histories a test puts in the map, paged like the API's; no revert.
import type { RecordHistory } from '../contract/schemas/dataSafety';
import type { HistoryPort } from '../src/backend/ports';
import { HttpError } from '../src/api/errors';

export function createFakeHistory(histories: Map<string, RecordHistory>): HistoryPort {
  return {
    async readHistory(target, query) {
      const whole = histories.get(`${target.type}:${target.id}`) ?? { state: 'gone', current: null, entries: [], nextCursor: null };
      const start = query.before === undefined ? 0 : Number(query.before);
      const end = start + (query.limit ?? 50);
      return { ...whole, entries: whole.entries.slice(start, end), nextCursor: end < whole.entries.length ? String(end) : null };
    },
    async revert(request) {
      throw new HttpError(404, `No console action ${request.actionId}`);
    },
  };
}
