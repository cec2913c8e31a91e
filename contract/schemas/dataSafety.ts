// The names trash, a record's history and its revert. What they mean: dataSafety.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { ActorSchema, closed, count, isoText, nullable, type VersionConflictSchema, described } from './parts';
import { GenderSchema } from './names';

// The names trash and record history (contract/dataSafety.ts says what they mean).
// restore_replace: names a restore in replace mode moved there (not in the file it restored).
export const DeletionKindSchema = Type.Enum(['delete', 'bulk_delete', 'import_undo', 'restore_replace']);
export const TrashedNameSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  gender: GenderSchema,
  nationality: Type.String(),
  created_at: isoText,
  deletedAt: isoText,
  deletedBy: ActorSchema,
  deletionId: Type.Integer(),
  deletionKind: DeletionKindSchema,
  importRunId: described(nullable(Type.Integer()), "the import run whose undo moved it, with its file's name"),
  importFileName: nullable(Type.String()),
  swipes: described(count, 'what goes with it when it is deleted forever, and comes back with a restore'),
  matches: described(count, 'matches it was part of when it was deleted'),
  purgeAt: described(isoText, 'when the retention purge deletes it forever'),
});
export const TrashPageSchema = Type.Object({
  names: Type.Array(TrashedNameSchema),
  total: count,
  retentionDays: count,
});
/** What a set of names carries: the delete confirmations and the moves' answers say it. */
export const NamesImpactSchema = Type.Object({ names: count, swipes: count, matches: count });
export const TrashMoveResponseSchema = Type.Object({
  deletedCount: count,
  swipes: count,
  matches: count,
  deletionId: described(
    nullable(Type.Integer()),
    'the deletion the names are grouped under in the trash (restore it to undo); null when nothing moved',
  ),
});
export const RestoreResponseSchema = Type.Object({
  restoredCount: count,
  swipes: count,
  matches: count,
  remaining: described(Type.Optional(count), 'a restore of a deletion with `limit`: its names still in the trash after this part'),
});

export const PurgeResponseSchema = Type.Object({ purgedCount: count, swipes: count, matches: count });
export const HistoryChangeSchema = Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() });
export const HistoryEntrySchema = Type.Object({
  id: described(Type.String(), "unique within the history: 'console:12', 'app:40', 'import:3'"),
  source: Type.Enum(['console', 'app', 'import']),
  at: isoText,
  actor: described(nullable(ActorSchema), "who: the operator of a console action or an import; null for the app's own events"),
  action: described(Type.String(), "the console action ('name.update', ...), the app's event ('SUBSCRIPTION_START', ...) or 'import'"),
  summary: described(
    Type.String(),
    "one line for people: 'Moved to the trash with 75 swipes and 1 match', 'Created by importing names.csv'",
  ),
  changes: described(
    Type.Array(HistoryChangeSchema),
    'field by field, before -> after (empty when the entry changed no field of the record)',
  ),
  revertActionId: described(nullable(Type.Integer()), "the console action's id when POST /api/history/revert can take it back now"),
});
export const RecordHistorySchema = Type.Object({
  state: described(
    Type.Enum(['live', 'trash', 'gone']),
    'live: the record exists; trash: a name in the trash; gone: deleted (a user) or deleted forever (a name)',
  ),
  current: described(Type.Unknown(), 'the record as it is now (live or in the trash), with its version; null when gone'),
  entries: Type.Array(HistoryEntrySchema),
  nextCursor: described(nullable(Type.String()), 'pass as `before` for older entries; null when there are none'),
});
export const RevertResponseSchema = Type.Object({
  state: Type.Enum(['live', 'trash']),
  current: described(Type.Unknown(), 'the record after the revert, with its new version'),
});

export const historyTarget = closed({
  targetType: Type.Enum(['name', 'user']),
  id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type TrashedName = Static<typeof TrashedNameSchema>;
export type TrashPage = Static<typeof TrashPageSchema>;
export type NamesImpact = Static<typeof NamesImpactSchema>;
export type TrashMoveResponse = Static<typeof TrashMoveResponseSchema>;
export type RestoreResponse = Static<typeof RestoreResponseSchema>;
export type PurgeResponse = Static<typeof PurgeResponseSchema>;
export type VersionConflict = Static<typeof VersionConflictSchema>;
export type HistoryChange = Static<typeof HistoryChangeSchema>;
export type HistoryEntry = Static<typeof HistoryEntrySchema>;
export type RecordHistory = Static<typeof RecordHistorySchema>;
export type RevertResponse = Static<typeof RevertResponseSchema>;
