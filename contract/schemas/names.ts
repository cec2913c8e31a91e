// Names: the records Manage Names lists, searches, adds, edits and deletes (GET /api/names, which the app reads too), their
// query and input. Constants: names.ts, nameRules.ts, nameSearch.ts.
// The schemas the server checks requests and answers by (contract/endpoints.ts maps them to routes), and their types.
import { Type, type Static } from 'typebox';
import { closed, count, freeText, isoText, MAX_ID, MAX_OFFSET, nullable, text, whole, described } from './parts';
import { MAX_NAME_TEXT_LENGTH, type Gender, MAX_BULK_DELETE_IDS } from '../nameRules';
import { NAME_SEARCH_MAX_LENGTH } from '../nameSearch';

export const GenderSchema = Type.Enum(['male', 'female', 'unisex']);

export const NameRecordSchema = Type.Object({
  id: Type.Integer(),
  name_id: Type.Integer(),
  name: Type.String(),
  gender: GenderSchema,
  nationality: Type.String(),
  created_at: isoText,
  random_seed: described(Type.Optional(nullable(Type.Number())), 'once the Database Admin migration added the column'),
  version: described(
    Type.Optional(Type.Integer({ minimum: 1 })),
    'grows with each write of the record; send it back as If-Match (absent: the backend does not version names)',
  ),
});

/**
 * What a search (GET /names?q=) found, in the answer's order (contract/nameSearch.ts): names starting with the
 * text, then names containing it, then close spellings (only when fewer than NAME_SEARCH_FEW_MATCHES matched,
 * at most NAME_SEARCH_MAX_CLOSE). `total` is their sum. Its presence tells the console the search was applied.
 */
export const NameSearchSummarySchema = Type.Object({
  q: described(Type.String(), 'the search text as applied (trimmed)'),
  key: described(Type.String(), 'its folded form, what names.search_key is compared with'),
  prefixMatches: count,
  containsMatches: count,
  closeMatches: count,
  exact: Type.Boolean({
    description:
      'False when a group held more names than a search counts (NAME_SEARCH_COUNT_LIMIT of contract/nameSearch.ts past the page): the counts and the total are then lower bounds, and the groups after the one cut short count 0.',
  }),
});
export const NamesPageResponseSchema = Type.Object({
  names: Type.Array(NameRecordSchema),
  total: count,
  totalIsEstimate: Type.Boolean(),
  search: described(Type.Optional(NameSearchSummarySchema), 'only when the request searched (q)'),
});
export const NationalityCountSchema = Type.Object({ name: Type.String(), count: count });

export const NamesQuerySchema = closed({
  // 'all' (any case) or absent: no filter. Gender and nationality match case-insensitively (the route
  // lower-cases them); alphabetFilter is one letter or 'All'.
  gender: Type.Optional(Type.String({ maxLength: 16 })),
  nationality: Type.Optional(text(MAX_NAME_TEXT_LENGTH)),
  alphabetFilter: Type.Optional(Type.String({ maxLength: 16 })),
  limit: Type.Optional(whole(1, 500, { default: 50 })),
  offset: Type.Optional(whole(0, MAX_OFFSET, { default: 0 })),
  // Search (contract/nameSearch.ts): case- and accent-insensitive, prefix matches first, then names containing
  // it, then close spellings. Visible text only (no control, invisible or bidirectional characters); absent or
  // blank: no search, the answer is the filtered list as without it.
  q: Type.Optional(freeText(NAME_SEARCH_MAX_LENGTH)),
});

export const NameInputSchema = closed({
  name: freeText(MAX_NAME_TEXT_LENGTH + 16),
  gender: Type.String({ maxLength: 16 }),
  nationality: freeText(MAX_NAME_TEXT_LENGTH + 16),
});

export const nameIdList = Type.Array(whole(1, MAX_ID), { minItems: 1, maxItems: MAX_BULK_DELETE_IDS, uniqueItems: true });

export type NamesQueryParams = Static<typeof NamesQuerySchema>;
export type NameInputBody = Static<typeof NameInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Types of what goes over the wire

/** A name as GET /names returns it (random_seed once the Database Admin migration ran). */
export type NameRecord = Static<typeof NameRecordSchema>;

/** POST /names and PUT /names/:id as the console sends them: the wire body, its gender one of the three. */
export type NameInput = NameInputBody & { gender: Gender };

/**
 * GET /names as the console asks it: the wire query, always with a page. 'all' (or absent) means no filter;
 * alphabetFilter 'All' (or absent) likewise.
 */
export type NamesQuery = NamesQueryParams & { gender?: Gender | 'all'; limit: number; offset: number };

/**
 * GET /names from the reference backend: the page, and how many names match the filters in all.
 * `totalIsEstimate` is true when the backend could only estimate the total (the console says "about").
 */
export type NamesPageResponse = Static<typeof NamesPageResponseSchema>;

/** What a search found, per group (GET /names?q=; contract/nameSearch.ts). */
export type NameSearchSummary = Static<typeof NameSearchSummarySchema>;

/**
 * GET /names answers a list or an object with names (spec 7); the total is optional for other backends, and
 * `search` is there only from a backend that applied the request's q.
 */
export type NamesResponse = NameRecord[] | { names: NameRecord[]; total?: number; totalIsEstimate?: boolean; search?: NameSearchSummary };

export type NationalityCount = Static<typeof NationalityCountSchema>;
