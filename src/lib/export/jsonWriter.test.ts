import { createJsonArrayWriter } from './jsonWriter';

describe('createJsonArrayWriter', () => {
  it('joins pages into one valid array, whatever pages are empty', () => {
    const writer = createJsonArrayWriter<{ n: number; s: string }>();
    const text =
      writer.open() +
      writer.rows([]) +
      writer.rows([{ n: 1, s: 'a"b,c' }]) +
      writer.rows([]) +
      writer.rows([
        { n: 2, s: '\n' },
        { n: 3, s: 'Æ' },
      ]) +
      writer.close();
    expect(JSON.parse(text)).toEqual([
      { n: 1, s: 'a"b,c' },
      { n: 2, s: '\n' },
      { n: 3, s: 'Æ' },
    ]);
  });

  it('writes [] for no rows', () => {
    const writer = createJsonArrayWriter();
    expect(JSON.parse(writer.open() + writer.rows([]) + writer.close())).toEqual([]);
  });
});
