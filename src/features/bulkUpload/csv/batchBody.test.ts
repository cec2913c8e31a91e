import { bulkImportBody, decodeBatchRequest, decodeRows, encodeRows } from './batchBody';
import type { BulkImportRow } from '../../../../contract/schemas/importRuns';

const AT = '2026-03-01T10:00:00.000Z';
const rows: BulkImportRow[] = [
  { name: 'Zoë', gender: 'female', nationality: 'a "quoted" \\ land', createdAt: AT },
  { name: '李', gender: 'unisex', nationality: 'chinese', createdAt: AT },
  { name: 'Emoji 👶', gender: 'male', nationality: 'line\nbreak', createdAt: AT },
];

describe('a batch as bytes', () => {
  it('encodes the rows as UTF-8 JSON and decodes them back unchanged', () => {
    const bytes = encodeRows(rows);
    expect(new TextDecoder().decode(bytes)).toBe(JSON.stringify(rows));
    expect(decodeRows(bytes)).toEqual(rows);
  });

  it('is sent as the body { names, runId }, typed JSON, exactly the request the rows stand for', async () => {
    const request = { runId: 42, namesJson: encodeRows(rows) };
    const body = bulkImportBody(request);
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await body.text())).toEqual({ names: rows, runId: 42 });
    expect(decodeBatchRequest(request)).toEqual({ names: rows, runId: 42 });
  });

  it('keeps an empty batch a valid body', async () => {
    expect(JSON.parse(await bulkImportBody({ runId: 1, namesJson: encodeRows([]) }).text())).toEqual({ names: [], runId: 1 });
  });
});
