// The building blocks of every schema of the contract, and the answers several areas share: the error body, a
// version conflict, who did something. The rules they hold for every schema (server/src/http/validators.ts enforces them):
// - objects are closed: an unknown query parameter or body field is a 400 naming it, never ignored;
// - query and path numbers are plain digits ('0x10', '1e3', '+1', 'Infinity', '01' are refused: textRules.ts) and bounded;
// - instants and days are bounded (textRules.ts), free text follows the one text rule (textRules.ts);
// - in a query, an empty or blank parameter counts as absent (the console's forms send `?gender=`).
import { Type, type Static, type TSchema } from 'typebox';
import { DAY_FORMAT, FREE_TEXT_FORMAT, INSTANT_FORMAT } from '../textRules';

/** Largest id or offset a client may send: what a JS number holds exactly (bigint ids stay below it). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Longest import file name kept (the browser's name of the chosen file). */
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_OFFSET = 999_999_999;

export const closed = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });
/** A query or body without parameters: still closed, so `?nationalty=irish` on it is refused. */
export const NoQuery = closed({});
/**
 * The body of a POST that carries no data: none at all (the validator sees null) or an empty JSON object
 * (the spec's migration call sends {} with a JSON header). A field is refused and named: a client must not
 * believe it was applied.
 */
export const NoBody = Type.Union([closed({}), Type.Null()]);
export const whole = (minimum: number, maximum: number, extra: { default?: number; description?: string } = {}) =>
  Type.Integer({ minimum, maximum, ...extra });
export const count = Type.Integer({ minimum: 0 });
export const text = (maxLength: number) => Type.String({ maxLength });
export const freeText = (maxLength: number) => Type.String({ minLength: 1, maxLength, format: FREE_TEXT_FORMAT });
export const instant = Type.String({ maxLength: 40, format: INSTANT_FORMAT });
export const day = Type.String({ maxLength: 10, format: DAY_FORMAT });
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const isoText = Type.String();
/**
 * `schema` with a description (the OpenAPI document carries it): a copy, so a building block many fields share
 * (`isoText`, a number, a nullable) stays without one. The copy keeps TypeBox's hidden properties (its `~kind`,
 * which a spread `{ ...schema }` would drop).
 */
export const described = <T extends TSchema>(schema: T, description: string): T =>
  Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(schema),
      description: { value: description, enumerable: true, writable: true, configurable: true },
    },
  ) as T;

export const Id = closed({ id: whole(1, MAX_ID) });
/** A user id as Firebase makes them (28 letters and digits) or this backend's demo ids. */
export const uidText = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
export const Uid = closed({ uid: uidText });

// ---------------------------------------------------------------------------------------------------
// Answers shared by several endpoints

export const ActorSchema = Type.Object({ uid: Type.String(), email: Type.String() });

/**
 * A write that carried a version (If-Match, or a bulk delete's `versions`) older than the record's: the record as
 * it is now, and who changed it last and when, from the console-action trail (null when the last change did not
 * go through the console, e.g. the app's own write of a users record, or is unknown).
 */
export const VersionConflictSchema = Type.Object({
  current: Type.Unknown(),
  changedBy: nullable(ActorSchema),
  changedAt: nullable(isoText),
});

export const ApiErrorBodySchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  conflict: described(Type.Optional(VersionConflictSchema), "409 'version_conflict' of one record"),
  conflicts: described(
    Type.Optional(Type.Array(VersionConflictSchema)),
    "409 'version_conflict' of a bulk write: one per record whose version was stale (nothing was written)",
  ),
  trashed: described(
    Type.Optional(Type.Array(Type.Unknown())),
    "409 'in_trash': a name with the same name, gender and nationality is in the trash (restore it instead)",
  ),
  count: described(
    Type.Optional(Type.Integer({ minimum: 0 })),
    "409 'count_changed' (POST /api/names/bulk-jobs): how many names match the filter now",
  ),
});

/** The version a write was based on, as HTTP says it: a quoted number ("3"); a bare number is taken too. */
export const IfMatchHeaders = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 24, pattern: '^"?[1-9][0-9]{0,9}"?$' })) });

/**
 * Answers that are not JSON documents of a fixed shape: the event stream's answer is text, the export page
 * is sent pre-serialized. Their schema says so (a string, or any JSON), and the route enumeration test
 * accepts these two only.
 */
export const UNTYPED_ANSWER = Type.Unknown({ description: 'not a JSON document of fixed shape: see the route' });

/** Every error the reference backend sends. `field` names the offending input on 400. */
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;
