// The dashboard's counts: names and swipes (counters, not count(*)), the document store's counts, the live stream's.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { count } from './parts';

export const SwipeStatsSchema = Type.Object({ totalNames: count, totalSwipes: count });
export const DocumentCountsSchema = Type.Object({ names: count, swipes: count });

/** The data of each `counts` event of GET /api/live/counts (server-sent events). */
export const LiveCountsSchema = Type.Object({ users: count, acceptedConnections: count });

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

export type SwipeStats = Static<typeof SwipeStatsSchema>;

/** Live counts pushed by GET /api/live/counts (server-sent events, event name `counts`). */
export type LiveCounts = Static<typeof LiveCountsSchema>;

/** GET /api/documents/counts: document-store counts, the dashboard's fallback for names and swipes. */
export type DocumentCounts = Static<typeof DocumentCountsSchema>;
