// The JSON Schemas (TypeBox) of contract/savedViews.ts: the state of a view per page, the bodies and answers of its
// routes, and their types. The server and endpoints.ts import the schemas; the console only the types (import type).
import { Type, type Static, type TSchema, type TUnion } from 'typebox';
import { described } from './parts';
import { NAME_SEARCH_MAX_LENGTH } from '../nameSearch';
import { GRID_DENSITIES, MAX_GRID_COLUMNS, MAX_VIEW_NAME_LENGTH, SAVED_VIEW_PAGES, type SavedViewPage } from '../savedViews';
import { FREE_TEXT_FORMAT } from '../textRules';
import { AUDIT_SOURCES, MAX_USER_SEARCH_LENGTH, USER_PAGE_SIZES, USER_SORT_FIELDS } from '../usersAudit';

const closed = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });
/** Text without control characters, bounded; may be empty (an empty search is no search). */
const plainText = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });
const day = Type.String({ maxLength: 10, pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$' });

/** Which columns show: field -> shown. Fields are the grids' own (letters and _). */
export const GridColumnsSchema = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,39}$' }), Type.Boolean(), {
  maxProperties: MAX_GRID_COLUMNS,
  additionalProperties: false,
});
export const GridDensitySchema = Type.Enum([...GRID_DENSITIES]);

const gridParts = { columns: GridColumnsSchema, density: GridDensitySchema };

export const NamesViewStateSchema = closed({
  filters: closed({
    letter: described(Type.String({ minLength: 1, maxLength: 3 }), "'All' or a letter (FILTER_LETTERS)"),
    gender: Type.Enum(['all', 'male', 'female', 'unisex']),
    nationality: described(plainText(64), "lower case, 'all' = any"),
    search: described(
      Type.Union([Type.String({ minLength: 1, maxLength: NAME_SEARCH_MAX_LENGTH, format: FREE_TEXT_FORMAT }), Type.Literal('')]),
      "'' or what GET /api/names takes as q (the one free-text rule: contract/textRules.ts)",
    ),
  }),
  ...gridParts,
});

export const UsersViewStateSchema = closed({
  filters: closed({
    search: plainText(MAX_USER_SEARCH_LENGTH),
    premium: Type.Enum(['all', 'premium', 'free']),
    active: Type.Enum(['all', 'active', 'inactive']),
    connected: Type.Enum(['all', 'connected', 'notConnected']),
    preferredGender: plainText(32),
    preferredNationality: plainText(64),
    createdFrom: day,
    createdTo: day,
    lastActiveFrom: day,
    lastActiveTo: day,
  }),
  sort: closed({ field: Type.Enum([...USER_SORT_FIELDS]), direction: Type.Enum(['asc', 'desc']) }),
  pageSize: Type.Union([Type.Enum([...USER_PAGE_SIZES]), Type.Literal('all')]),
  ...gridParts,
});

export const AuditLogsViewStateSchema = closed({
  filters: closed({
    rangeDays: described(Type.Union([Type.Enum([1, 7, 30, 90]), Type.Null()]), 'the last 1, 7, 30 or 90 days; null = all time'),
    event: described(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' }), "one event type or 'all'"),
    source: Type.Enum([...AUDIT_SOURCES]),
  }),
  ...gridParts,
});

export const VIEW_STATE_SCHEMAS = {
  names: NamesViewStateSchema,
  users: UsersViewStateSchema,
  auditLogs: AuditLogsViewStateSchema,
} as const;

export const SavedViewPageSchema = Type.Enum([...SAVED_VIEW_PAGES]);
const viewName = Type.String({ minLength: 1, maxLength: MAX_VIEW_NAME_LENGTH, format: FREE_TEXT_FORMAT });

export const SavedViewSchema = Type.Object({
  id: Type.Integer(),
  page: SavedViewPageSchema,
  name: Type.String(),
  state: Type.Unknown(),
  shared: Type.Boolean(),
  ownerUid: Type.String(),
  ownerEmail: Type.String(),
  mine: described(Type.Boolean(), 'the caller owns it (may rename, overwrite, share, delete)'),
  version: described(Type.Integer({ minimum: 1 }), 'send it back as If-Match with a change'),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export const SavedViewsListSchema = Type.Object({ views: Type.Array(SavedViewSchema) });

const createBranch = <P extends SavedViewPage>(page: P) =>
  closed({ page: Type.Literal(page), name: viewName, state: VIEW_STATE_SCHEMAS[page], shared: Type.Optional(Type.Boolean()) });
const updateBranch = <P extends SavedViewPage>(page: P) =>
  closed({
    page: Type.Literal(page),
    name: Type.Optional(viewName),
    state: Type.Optional(VIEW_STATE_SCHEMAS[page]),
    shared: Type.Optional(Type.Boolean()),
  });

/**
 * One closed body per page, told apart by `page` (JSON Schema's oneOf with an OpenAPI discriminator): the server's
 * validator (server/src/http/validators.ts, ajv's `discriminator` option) then checks the body against its page's
 * schema only, so a refusal names what is wrong with it ("state.pageSize must be equal to one of the allowed
 * values") instead of what the first page's schema would have wanted.
 */
function byPage<T extends TSchema[]>(branches: [...T]) {
  return Type.Unsafe<Static<TUnion<T>>>({
    type: 'object',
    required: ['page'],
    // the branches are closed; this only keeps the validator from closing the whole (it would refuse every field)
    additionalProperties: true,
    discriminator: { propertyName: 'page' },
    oneOf: branches,
  });
}

/** POST /api/views: the page says which state schema applies. */
export const CreateSavedViewSchema = byPage([createBranch('names'), createBranch('users'), createBranch('auditLogs')]);
/** PUT /api/views/:id: the view's page again (which state schema applies), and what changes. */
export const UpdateSavedViewSchema = byPage([updateBranch('names'), updateBranch('users'), updateBranch('auditLogs')]);

export const GridPreferencesBodySchema = closed({ columns: GridColumnsSchema, density: GridDensitySchema });
export const GridPreferencesSchema = Type.Object({
  page: SavedViewPageSchema,
  columns: Type.Record(Type.String(), Type.Boolean()),
  density: GridDensitySchema,
  updatedAt: described(Type.Union([Type.String(), Type.Null()]), "null: never saved (the console's defaults apply)"),
});

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

export type NamesViewState = Static<typeof NamesViewStateSchema>;
export type UsersViewState = Static<typeof UsersViewStateSchema>;
export type AuditLogsViewState = Static<typeof AuditLogsViewStateSchema>;
export interface ViewStateOf {
  names: NamesViewState;
  users: UsersViewState;
  auditLogs: AuditLogsViewState;
}
export type AnyViewState = ViewStateOf[SavedViewPage];

export type SavedView<P extends SavedViewPage = SavedViewPage> = Omit<Static<typeof SavedViewSchema>, 'state' | 'page'> & {
  page: P;
  state: ViewStateOf[P];
};
export type SavedViewsList = Static<typeof SavedViewsListSchema>;
export type CreateSavedView = Static<typeof CreateSavedViewSchema>;
export type UpdateSavedView = Static<typeof UpdateSavedViewSchema>;
export type GridPreferences = Static<typeof GridPreferencesSchema>;
export type GridPreferencesBody = Static<typeof GridPreferencesBodySchema>;
