// Counts the records of a CSV file arriving in chunks (a file the server streams), by the contract's scan.
import { scanRecordEnds } from '../../../contract/csvCells';

export function csvRecordCounter() {
  let quoted = false;
  /** Records that ended in this chunk. */
  return function recordsIn(chunk: Uint8Array): number {
    let records = 0;
    quoted = scanRecordEnds(chunk, quoted, () => (records += 1));
    return records;
  };
}
