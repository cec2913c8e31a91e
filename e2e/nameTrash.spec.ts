// The names trash and version-checked edits in the browser, against the reference backend (contract/dataSafety.ts):
// a swiped name deleted from Manage Names waits in the Trash with its swipes and comes back with them; two
// operators editing the same name meet the conflict dialog instead of overwriting each other.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { impactText } from '../contract/dataSafety';
import type { NamesImpact } from '../contract/schemas/dataSafety';
import { firstLetter } from '../contract/nameRules';
import type { TopRankedName } from '../contract/schemas/analytics';
import type { NameRecord, NamesResponse } from '../contract/schemas/names';
import { adminTokenOncePerFile, apiGet, apiPost, signIn } from './helpers';

const SHOTS = '/tmp/shots-names';
mkdirSync(SHOTS, { recursive: true });

const token = adminTokenOncePerFile();
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('gridcell', { name, exact: true }) });

/** axe's serious and critical findings (as accessibility.spec.ts checks every route), within one part of the page. */
async function seriousViolations(page: Page, within: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .include(within)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, help: v.help }));
}

interface SwipeStats {
  totalSwipes: number;
  totalNames: number;
}

/** The list of Manage Names narrowed to this name's letter, gender and nationality (a few rows at most). */
const filteredListOf = (name: Pick<NameRecord, 'name' | 'gender' | 'nationality'>) =>
  `/manage-names?${new URLSearchParams({ letter: firstLetter(name.name), gender: name.gender, nationality: name.nationality })}`;

test('a swiped name deleted from Manage Names waits in the Trash and comes back with its swipes', async ({ page, request }) => {
  const auth = await token(request);
  const stats = () => apiGet<SwipeStats>(request, auth, '/swipes/stats');
  // A swiped name of the demo data near the top of its filtered list: the grid renders the rows in view only, and
  // other specs import thousands of names into this database (some under the same letter, gender and nationality).
  const top = await apiGet<TopRankedName[]>(request, auth, '/analytics/top-ranked-names?limit=100');
  let target: NameRecord | undefined;
  for (const ranked of top.filter((n) => n.total_swipes > 0)) {
    const filters = { alphabetFilter: firstLetter(ranked.name), gender: ranked.gender, nationality: ranked.origin, limit: '5' };
    const listed = await apiGet<NamesResponse>(request, auth, `/names?${new URLSearchParams(filters)}`);
    target = (Array.isArray(listed) ? listed : listed.names).find((n) => n.id === ranked.name_id);
    if (target) break;
  }
  expect(target, 'a swiped name among the first rows of its filtered list').toBeDefined();
  const impact = await apiPost<NamesImpact>(request, auth, '/names/delete-preview', { nameIds: [target!.id] });
  expect(impact.swipes).toBeGreaterThan(0);
  const before = await stats();

  await signIn(page, filteredListOf(target!));
  await row(page, target!.name).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this name?');
  // "1 name with 214 swipes and 2 matches will move to the trash. …"
  await expect(dialog).toContainText(`${impactText(impact)} will move to the trash. You can restore it from the Trash for 30 days.`);
  await dialog.screenshot({ path: `${SHOTS}/delete-confirmation.png` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Name deleted successfully!')).toBeVisible();
  await expect(row(page, target!.name)).toHaveCount(0);
  expect(await stats()).toEqual({ totalSwipes: before.totalSwipes - impact.swipes, totalNames: before.totalNames - 1 });

  // In the Trash, newest first, with what it carries.
  await page.getByRole('tab', { name: /^Trash \([\d,]+\)$/ }).click();
  await expect(page).toHaveURL(/view=trash/);
  const trashed = row(page, target!.name).first();
  await expect(trashed).toBeVisible();
  await expect(trashed.locator('[data-field="swipes"]')).toHaveText(impact.swipes.toLocaleString('en-US'));
  await expect(trashed.locator('[data-field="deletedBy"]')).toHaveText('admin@babynames.test');
  await page.screenshot({ path: `${SHOTS}/trash-view.png`, fullPage: true });
  // The tabs and the trash panel: accessibility.spec.ts sees Manage Names on its Names tab only.
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await trashed.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Restored ${impactText(impact)}.`)).toBeVisible();
  await expect(row(page, target!.name)).toHaveCount(0);

  // Back in the list, and every swipe counted again.
  await page.getByRole('tab', { name: 'Names', exact: true }).click();
  await expect(row(page, target!.name)).toBeVisible();
  expect(await stats()).toEqual(before);
});

test('two operators edit the same name: the second save meets the conflict, and Keep theirs shows the first one’s value', async ({
  browser,
  request,
}) => {
  const auth = await token(request);
  // A nationality of its own per run: the name is then new even in a database an earlier run used.
  const nationality = `conflictland${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const name = await apiPost<NameRecord>(request, auth, '/names', { name: 'Konflikta', gender: 'female', nationality });
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const [a, b] = [await first.newPage(), await second.newPage()];
    for (const page of [a, b]) {
      await signIn(page, filteredListOf(name));
      await expect(row(page, 'Konflikta')).toBeVisible();
    }
    const editName = async (page: Page, value: string) => {
      await row(page, 'Konflikta').getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Save' }) });
      await editor.getByRole('textbox').first().fill(value);
      await editor.getByRole('button', { name: 'Save' }).click();
    };

    // The first operator saves; the second, who loaded the name before that, saves over it.
    await editName(a, 'Konfliktb');
    await expect(a.getByText('Changes saved successfully!')).toBeVisible();
    await editName(b, 'Konfliktc');
    const dialog = b.getByRole('dialog', { name: '“Konflikta” was changed while you edited it' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: /^Saved by admin@babynames\.test at .+ UTC$/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /^Name/ })).toHaveText(/NameKonfliktcKonfliktb/);
    await dialog.screenshot({ path: `${SHOTS}/edit-conflict.png` });
    expect(await seriousViolations(b, '[role="dialog"]')).toEqual([]);

    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(b, 'Konfliktb')).toBeVisible();
    await expect(row(b, 'Konfliktc')).toHaveCount(0);
    const saved = await apiGet<NamesResponse>(request, auth, `/names?nationality=${nationality}&limit=50`);
    expect((Array.isArray(saved) ? saved : saved.names).map((n) => n.name)).toEqual(['Konfliktb']);
  } finally {
    await first.close();
    await second.close();
  }
});
