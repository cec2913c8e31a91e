import { csvRecordCounter } from './csvRecords';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvRecordCounter', () => {
  it('counts records, not line feeds inside quoted cells', () => {
    const count = csvRecordCounter();
    expect(count(bytes('id,name\r\n1,"Line\nBreak"\r\n2,"say ""hi""\r\nthere"\r\n3,plain\r\n'))).toBe(4);
  });

  it('carries the quoted state from one chunk to the next, wherever the chunk breaks', () => {
    const file = 'a,b\r\n1,"x\n""y"""\r\n2,"\n"\r\n3,z\r\n';
    for (let cut = 0; cut <= file.length; cut += 1) {
      const count = csvRecordCounter();
      expect(count(bytes(file.slice(0, cut))) + count(bytes(file.slice(cut)))).toBe(4);
    }
  });

  it('counts nothing in a chunk without a record end', () => {
    expect(csvRecordCounter()(bytes('1,"open'))).toBe(0);
  });
});
