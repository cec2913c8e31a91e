// Restoring the spec's full backup: a session, its plan and its report. Steps and modes: backupRestore.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static, type TSchema } from 'typebox';
import {
  ActorSchema,
  closed,
  count,
  freeText,
  isoText,
  MAX_FILE_NAME_LENGTH,
  MAX_ID,
  MAX_OFFSET,
  nullable,
  text,
  whole,
  described,
} from './parts';
import { RESTORE_BATCH_MAX_ROWS, RESTORE_MAX_PROBLEMS, RESTORE_MODES, RESTORE_STATES } from '../backupRestore';
import { BACKUP_COLLECTIONS } from '../exports';

// Restoring the spec's full backup (contract/backupRestore.ts says what the steps and modes mean).
export const backupCollections = Type.Enum([...BACKUP_COLLECTIONS]);
const perCollection = <T extends TSchema>(schema: T) =>
  Type.Object({ users: schema, names: schema, connections: schema, audit_logs: schema });
export const RestoreProblemSchema = Type.Object({
  collection: backupCollections,
  index: described(nullable(count), "the row's position in its collection's array in the file; null for a problem of the file itself"),
  problem: Type.String(),
});
export const RestoreCollectionFiguresSchema = Type.Object({
  read: described(count, 'rows the file holds (as staged), refused ones included'),
  refused: described(count, 'rows refused (bad shape, duplicated id, a connection whose users are nowhere): never written'),
  existing: described(count, 'valid rows whose id exists now: add keeps them, replace overwrites them'),
  missing: described(count, 'valid rows whose id is nowhere now: both modes create them'),
  inTrash: described(count, 'names only: valid rows whose id is in the trash; both modes bring them back from it'),
  extra: described(count, 'records that exist now and are not in the file: replace removes them (names: to the trash)'),
});
export const RestorePlanSchema = Type.Object({
  collections: perCollection(RestoreCollectionFiguresSchema),
  replaceTakes: described(
    Type.Object({ swipes: count, connectionRequests: count, namesSwipes: count }),
    'what replace deletes with the users it removes (the users not in the file)',
  ),
  /** sign-in rights the restore would change: users whose isAdmin the file sets true (granted) or false (revoked) */
  adminChanges: Type.Object({
    add: Type.Object({ granted: count }),
    replace: Type.Object({ granted: count, revoked: count }),
    /** the first ones, to name them in the confirmation */
    examples: Type.Array(
      Type.Object({
        uid: Type.String(),
        email: nullable(Type.String()),
        change: Type.Enum(['granted', 'revoked']),
        modes: Type.Array(Type.Enum([...RESTORE_MODES])),
      }),
    ),
  }),
  replaceRefusal: described(nullable(Type.String()), 'why replace cannot be applied (refused rows), null when it can'),
  /**
   * why neither mode can be applied (rows that never arrived, problems of the file itself), null when both can;
   * replaceRefusal says the same reason then. Optional: a plan without it refuses only as replaceRefusal says.
   */
  applyRefusal: Type.Optional(nullable(Type.String())),
  /**
   * how the apply writes where it is not one transaction, for the operator to read before choosing (a hosted API in
   * Firebase mode writes the Firestore collections in batches); absent or null where the apply is one transaction
   */
  writeNote: Type.Optional(nullable(Type.String())),
  /**
   * where a replace keeps the state it overwrites: 'server' (the reference backend writes it to BACKUP_DIR as
   * beforeBackupFile, in the apply's transaction) or 'console' (the hosted API in Firebase mode cannot read Firestore
   * as one snapshot: the console downloads a full backup first and applies only once it is saved). Absent: 'server'.
   */
  beforeBackup: Type.Optional(Type.Enum(['server', 'console'])),
});
export const RestoreReportSchema = Type.Object({
  collections: perCollection(
    Type.Object({ read: count, added: count, kept: count, replaced: count, removed: count, restoredFromTrash: count, refused: count }),
  ),
  beforeBackupFile: described(
    nullable(Type.String()),
    'replace: the file the state before the restore was saved to (on the server, in BACKUP_DIR)',
  ),
  /**
   * where the apply was not one transaction (Firebase mode's Firestore batches) and it stopped part-way (cancelled or
   * failed): what landed before it stopped, in words; the figures above count what was written. Absent otherwise.
   */
  partial: Type.Optional(Type.String()),
});
export const RestoreSessionSchema = Type.Object({
  id: Type.Integer(),
  fileName: Type.String(),
  fileSize: count,
  state: Type.Enum([...RESTORE_STATES]),
  createdAt: isoText,
  createdBy: ActorSchema,
  staged: described(perCollection(Type.Object({ read: count, refused: count })), 'rows staged and refused so far, per collection'),
  problems: described(Type.Array(RestoreProblemSchema), 'the first problems, in file order per collection (at most RESTORE_MAX_PROBLEMS)'),
  plan: described(nullable(RestorePlanSchema), 'known once the file was read to its end (state ready and after)'),
  mode: described(nullable(Type.Enum([...RESTORE_MODES])), 'the chosen mode, from apply on'),
  beforeBackupFile: described(Type.String(), "replace saves the current state first, as this file (in the server's BACKUP_DIR)"),
  progress: described(
    nullable(Type.Object({ step: Type.String(), done: count, total: count })),
    "while applying: the step it is at ('saving the current state', 'users', 'names', ...) and rows written so far",
  ),
  report: nullable(RestoreReportSchema),
  failure: described(nullable(Type.String()), 'why it failed (failed), or who cancelled it (cancelled)'),
  finishedAt: nullable(isoText),
});
export const RestoreSessionListSchema = Type.Object({ restores: Type.Array(RestoreSessionSchema) });
export const RestoreRowsResponseSchema = Type.Object({ staged: count, refused: count });

/** POST /api/admin/restores: the file about to be read. */
export const RestoreOpenBodySchema = closed({ fileName: freeText(MAX_FILE_NAME_LENGTH), fileSize: whole(0, MAX_ID) });
/** POST /api/admin/restores/:id/rows. Rows are checked one by one where they land (backupRowProblem): a bad row is refused and counted, not the batch. */
export const RestoreRowsBodySchema = closed({
  collection: backupCollections,
  firstIndex: whole(0, MAX_OFFSET, { description: "the position of rows[0] in its collection's array in the file" }),
  rows: Type.Array(Type.Unknown(), { minItems: 1, maxItems: RESTORE_BATCH_MAX_ROWS }),
});
/**
 * POST /api/admin/restores/:id/check: what the console read to the file's end: rows per collection (a staged count
 * that differs is a lost batch), and problems of the file itself (a collection that is not an array, a version it does not know).
 */
export const RestoreCheckBodySchema = closed({
  rowsRead: closed({ users: count, names: count, connections: count, audit_logs: count }),
  fileProblems: Type.Array(closed({ collection: backupCollections, problem: text(500) }), { maxItems: RESTORE_MAX_PROBLEMS }),
});
/** POST /api/admin/restores/:id/apply. confirmAdminChanges: the operator confirmed the plan's adminChanges for this mode (required when there are any). */
export const RestoreApplyBodySchema = closed({ mode: Type.Enum([...RESTORE_MODES]), confirmAdminChanges: Type.Boolean() });

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type RestoreProblem = Static<typeof RestoreProblemSchema>;
export type RestoreCollectionFigures = Static<typeof RestoreCollectionFiguresSchema>;
export type RestorePlan = Static<typeof RestorePlanSchema>;
export type RestoreReport = Static<typeof RestoreReportSchema>;
export type RestoreSession = Static<typeof RestoreSessionSchema>;
export type RestoreOpenRequest = Static<typeof RestoreOpenBodySchema>;
export type RestoreRowsRequest = Static<typeof RestoreRowsBodySchema>;
export type RestoreRowsResponse = Static<typeof RestoreRowsResponseSchema>;
export type RestoreCheckRequest = Static<typeof RestoreCheckBodySchema>;
export type RestoreApplyRequest = Static<typeof RestoreApplyBodySchema>;
