// What the Firebase adapters read, counted as Firestore bills it: each document a query returns, a query that
// returns none as one read, and each count aggregation as one read per 1,000 index entries it counted (at least
// one). The adapters take an optional meter so tests and bench:firestore can measure a screen's cost; production
// passes none.
import { getCountFromServer, getDocs, type DocumentData, type Query, type QuerySnapshot } from 'firebase/firestore';

export interface ReadMeter {
  /** Documents returned by queries and listeners. */
  documents: number;
  /** Queries that returned no document: Firestore bills each one read. */
  emptyQueries: number;
  /** Count aggregations run. */
  aggregations: number;
  /** Read units the aggregations are billed as. */
  aggregationReads: number;
}

export const newReadMeter = (): ReadMeter => ({ documents: 0, emptyQueries: 0, aggregations: 0, aggregationReads: 0 });

/** Billed reads of everything the meter saw. */
export const billedReads = (m: ReadMeter) => m.documents + m.emptyQueries + m.aggregationReads;

export interface Reader {
  docs<T extends DocumentData>(q: Query<T>): Promise<QuerySnapshot<T>>;
  count(q: Query): Promise<number>;
  /** For listeners: documents a snapshot delivered. */
  delivered(documents: number): void;
}

export function reader(meter?: ReadMeter): Reader {
  return {
    async docs(q) {
      const snapshot = await getDocs(q);
      if (meter) {
        meter.documents += snapshot.size;
        if (snapshot.empty) meter.emptyQueries += 1;
      }
      return snapshot;
    },
    async count(q) {
      const n = (await getCountFromServer(q)).data().count;
      if (meter) {
        meter.aggregations += 1;
        meter.aggregationReads += Math.max(1, Math.ceil(n / 1000));
      }
      return n;
    },
    delivered(documents) {
      if (meter) meter.documents += documents;
    },
  };
}
