// Names: the constants of the names area that are not rules of one name (those are nameRules.ts). The schemas and
// types of the names routes are schemas/names.ts.

/** Letters of the Manage Names letter filter, in display order (spec 2). */
export const FILTER_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), 'Á', 'É', 'Í', 'Ó', 'Ú', 'Ý', 'Æ', 'Ö'];

/** Most names one part of a deletion's restore takes (POST /names/restore { deletionId, limit }). */
export const MAX_RESTORE_PART = 5000;

/** Most ids one POST /names/bulk-delete takes (one DELETE ... WHERE id = ANY($1)). */
export const MAX_BULK_DELETE_IDS = 1000;
