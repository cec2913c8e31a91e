// Records the API sends where the contract says only `unknown` (a conflict's `current`, an in_trash answer's
// `trashed`): read them only when they have the shape this screen shows.
import type { TrashedName } from '../../../contract/schemas/dataSafety';
import type { NameRecord } from '../../../contract/schemas/names';
import { GENDERS } from '../../../contract/nameRules';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const hasNameFields = (value: Loose) =>
  typeof value.id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.nationality === 'string' &&
  (GENDERS as readonly unknown[]).includes(value.gender);

export function isNameRecord(value: unknown): value is NameRecord {
  return isObject(value) && hasNameFields(value);
}

export function isTrashedName(value: unknown): value is TrashedName {
  return (
    isObject(value) &&
    hasNameFields(value) &&
    typeof value.deletedAt === 'string' &&
    isObject(value.deletedBy) &&
    typeof value.deletedBy.email === 'string'
  );
}

/** The three fields an operator edits, in the order the grid shows them. */
export const EDITABLE_FIELDS = [
  { field: 'name', label: 'Name' },
  { field: 'gender', label: 'Gender' },
  { field: 'nationality', label: 'Nationality' },
] as const satisfies readonly { field: keyof NameRecord; label: string }[];

/** The editable fields whose values differ between two versions of a name. */
export function changedFields(
  a: Pick<NameRecord, 'name' | 'gender' | 'nationality'>,
  b: Pick<NameRecord, 'name' | 'gender' | 'nationality'>,
) {
  return EDITABLE_FIELDS.filter(({ field }) => a[field] !== b[field]);
}
