// Ordering of the top-10 groups for display. Pure, tested.
import { GENDERS } from '../../../contract/nameRules';
import type { NameCount, TopNamesByGroup } from '../../../contract/schemas/analytics';

export interface NameGroup {
  group: string;
  names: NameCount[];
}

const groupTotal = (names: readonly NameCount[]) => names.reduce((sum, [, count]) => sum + count, 0);

/** Genders in the console's order (GENDERS: male, female, unisex), then any other key the API sent. */
export function genderGroups(byGender: TopNamesByGroup): NameGroup[] {
  const known = GENDERS.filter((gender) => byGender[gender]).map((gender) => ({ group: gender, names: byGender[gender] }));
  const others = Object.keys(byGender)
    .filter((key) => !(GENDERS as readonly string[]).includes(key))
    .sort()
    .map((group) => ({ group, names: byGender[group] }));
  return [...known, ...others];
}

/** Nationalities with the most likes in their top 10 first (ties by name), so the busiest groups lead. */
export function nationalityGroups(byNationality: TopNamesByGroup): NameGroup[] {
  return Object.entries(byNationality)
    .map(([group, names]) => ({ group, names, total: groupTotal(names) }))
    .sort((a, b) => b.total - a.total || a.group.localeCompare(b.group))
    .map(({ group, names }) => ({ group, names }));
}
