// Acting on every name matching a filter. What a job does: namesBulkJobs.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, count, freeText, isoText, nullable, text, whole, described } from './parts';
import { MAX_NAME_TEXT_LENGTH } from '../nameRules';
import { NAME_BULK_JOB_ACTIONS, NAME_BULK_JOB_MAX, NAME_BULK_JOB_STATES } from '../namesBulkJobs';
import { NAME_SEARCH_MAX_LENGTH } from '../nameSearch';

/** The filter a names job acts on: the Manage Names filters and search, as GET /api/names takes them. */
const NameBulkJobFilterSchema = closed({
  letter: Type.Optional(Type.String({ maxLength: 16 })),
  gender: Type.Optional(Type.String({ maxLength: 16 })),
  nationality: Type.Optional(text(MAX_NAME_TEXT_LENGTH)),
  q: Type.Optional(freeText(NAME_SEARCH_MAX_LENGTH)),
});
export const NameBulkJobStartSchema = closed({
  action: Type.Enum([...NAME_BULK_JOB_ACTIONS]),
  filter: NameBulkJobFilterSchema,
  /** edit only: the one field to set on every name */
  set: Type.Optional(
    Type.Union([closed({ gender: Type.String({ maxLength: 16 }) }), closed({ nationality: freeText(MAX_NAME_TEXT_LENGTH + 16) })]),
  ),
  expectedCount: described(
    whole(1, NAME_BULK_JOB_MAX),
    "the count the confirmation showed: a different count now answers 409 'count_changed' with the new one",
  ),
});
export const NameBulkJobSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  action: Type.Enum([...NAME_BULK_JOB_ACTIONS]),
  state: Type.Enum([...NAME_BULK_JOB_STATES]),
  // as started (no text format here: the serializer's ajv does not know the request's formats)
  filter: Type.Object({
    letter: Type.Optional(Type.String()),
    gender: Type.Optional(Type.String()),
    nationality: Type.Optional(Type.String()),
    q: Type.Optional(Type.String()),
  }),
  set: nullable(Type.Object({ gender: Type.Optional(Type.String()), nationality: Type.Optional(Type.String()) })),
  total: described(count, 'the names of the snapshot'),
  done: described(count, 'of them, handled (applied or skipped)'),
  applied: count,
  changedSince: described(count, 'skipped: changed since the snapshot (version moved)'),
  gone: described(count, 'skipped: no longer a live name'),
  duplicates: described(count, 'skipped (edit): the change would duplicate a live name or one in the trash'),
  unchanged: described(count, 'skipped (edit): already had the value'),
  deletionId: described(nullable(Type.Integer()), 'delete: the trash deletion the names are grouped under (restore it to undo)'),
  swipes: count,
  matches: count,
  message: nullable(Type.String()),
  createdAt: isoText,
  finishedAt: nullable(isoText),
});

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire
export type NameBulkJob = Static<typeof NameBulkJobSchema>;
export type NameBulkJobStart = Static<typeof NameBulkJobStartSchema>;
