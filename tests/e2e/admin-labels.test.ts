/**
 * Editors in the admin app read Russian: collections, fields, notes and stored values named in
 * Russian (directus/schema/labels.ts), and lists showing what they look for. The first sign-in as
 * administrator is not stopped by Directus's 'project owner' dialog: the backend's setup sets it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { applySettings } from '../../directus/apply/settings.ts';
import { releaseYearError } from '../../directus/extensions/site-rules/src/release-years.ts';
import { FOLDERS } from '../../directus/schema/folders.ts';
import { LABELS, fieldLabel } from '../../directus/schema/labels.ts';
import { RELEASE_YEARS } from '../../shared/rules.ts';
import { slugFromName } from '../../shared/slug.ts';
import { E2E_ADMIN } from './global-setup.ts';
import { newPerson } from './support/people.ts';
import { adminApi, patientPolls } from './support/site.ts';

const directus = () => inject('e2eDirectusUrl');
// The admin app loads a row's form in a second or more on a busy machine.
patientPolls(30_000);

async function signInToAdminApp(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${directus()}/admin/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin\/content/, { timeout: 60_000 });
}

/**
 * A rule's refusal of a save, shown in Russian alone: listed in the form's notice of invalid values
 * (before it, Directus's dialog read «[INVALID_PAYLOAD] Invalid payload. <reason>.»).
 */
async function expectRefusalAlone(page: Page, reason: string): Promise<void> {
  const shown = page.getByRole('listitem').filter({ hasText: reason }).first();
  await shown.waitFor();
  expect((await shown.innerText()).trim()).toBe(reason);
  // The notice and any dialog come from one handler of the failed save: both are on the page by now.
  expect(await page.getByText(/INVALID_PAYLOAD|FAILED_VALIDATION|Invalid payload/).count()).toBe(0);
}

const labelOf = (collection: string, field: string) => {
  const label = fieldLabel(collection, field)!;
  return typeof label === 'string' ? label : label.name;
};

describe('the admin app', () => {
  it('names collections, list columns, stored values and fields in Russian for an editor', async ({ adminApp: page }) => {
    const editor = await newPerson({ role: EDITOR_ROLE });
    await signInToAdminApp(page, editor.email, editor.password);
    const nav = page.locator('.content-navigation');
    // Collections sit in six folders; the open ones show their collections, a closed one opens on a click.
    for (const folder of FOLDERS) await nav.getByText(folder.name, { exact: true }).first().waitFor();
    const folderOf = (name: string) => nav.locator('.v-list-group').filter({ has: page.getByText(name, { exact: true }) });
    for (const collection of ['titles', 'series', 'iframeSeasons']) {
      await folderOf('Каталог').locator('.items').getByText(LABELS[collection].plural, { exact: true }).waitFor();
    }
    await folderOf('Сайт').locator('.items').getByText(LABELS.mainBanners.plural, { exact: true }).waitFor();
    await folderOf('Люди').locator('.items').getByText(LABELS.actors.plural, { exact: true }).waitFor();
    expect(await folderOf('Сообщество').getByText(LABELS.comments.plural, { exact: true }).count()).toBe(0);
    await nav.getByText('Сообщество', { exact: true }).click();
    await folderOf('Сообщество').locator('.items').getByText(LABELS.comments.plural, { exact: true }).waitFor();
    // The junctions stay out of sight.
    expect(await nav.getByText(LABELS.titles_genres.plural, { exact: true }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/admin-folders.png' });

    await page.goto(`${directus()}/admin/content/titles`);
    // The list's columns, in their order.
    const header = page.locator('table thead').first();
    const xs: number[] = [];
    for (const field of LABELS.titles.list!.fields) {
      const cell = header.getByText(labelOf('titles', field), { exact: true }).first();
      await cell.waitFor();
      xs.push((await cell.boundingBox())!.x);
    }
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const published = await (await adminApi()).get<{ name: string; category: { name: string } }[]>(
      '/items/titles?filter[status][_eq]=published&fields=name,category.name&sort=-date_updated&limit=1');
    const row = page.locator('table tbody tr').filter({ hasText: published[0].name }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Опубликован');
    expect(await row.innerText()).toContain(published[0].category.name);
    expect(await row.locator('img').count()).toBe(1);

    await row.click();
    await page.waitForURL(/\/admin\/content\/titles\/\d+/);
    for (const field of ['name', 'releaseYear', 'promo', 'source', 'typeSource']) {
      await page.locator('.v-form').getByText(labelOf('titles', field), { exact: true }).first().waitFor();
    }
    const promo = LABELS.titles.fields.promo as { note: string };
    await page.getByText(promo.note).first().waitFor();
    expect(await page.getByText('Original Name').count()).toBe(0);
    expect(await page.getByText('Release Year').count()).toBe(0);
  });

  it('heads a new title\'s form in Russian and fills its slug from the name as it is typed, editable by hand', async ({ adminApp: page }) => {
    const editor = await newPerson({ role: EDITOR_ROLE });
    await signInToAdminApp(page, editor.email, editor.password);
    await page.goto(`${directus()}/admin/content/titles/+`);
    await page.getByText('Создание дорамы', { exact: true }).first().waitFor();
    const fieldNamed = (label: string) => page.locator('.v-form .field').filter({ has: page.getByText(label, { exact: true }) }).first();
    const name = fieldNamed(labelOf('titles', 'name')).locator('input').first();
    const slug = page.locator('input[data-slug-input], [data-slug-input] input').first();
    await slug.waitFor();
    expect(await slug.inputValue()).toBe('');

    const typed = 'Любовь в Сеуле: Ёлки';
    await name.pressSequentially(typed);
    await expect.poll(() => slug.inputValue()).toBe(slugFromName(typed));
    expect(slugFromName(typed)).toBe('lyubov-v-seule-yolki');

    // Typed by hand, it stays when the name changes; an address typed in Russian is written in Latin on leaving.
    await slug.fill('Мой Адрес');
    await name.click();
    await expect.poll(() => slug.inputValue()).toBe('moy-adres');
    await name.pressSequentially(' 2');
    expect(await slug.inputValue()).toBe('moy-adres');
    await page.screenshot({ path: '/tmp/admin-new-title.png' });
  });

  it('keeps a saved row\'s address as it is opened, renamed or saved, and stops a new row\'s slug following its name once it is saved', async ({ adminApp: page, onTestFinished }) => {
    const api = await adminApi();
    const editor = await newPerson({ role: EDITOR_ROLE });
    await signInToAdminApp(page, editor.email, editor.password);
    const fieldNamed = (collection: string, field: string) =>
      page.locator('.v-form .field').filter({ has: page.getByText(labelOf(collection, field), { exact: true }) }).first().locator('input').first();
    const slug = page.locator('input[data-slug-input], [data-slug-input] input').first();
    const saved = (collection: string) => page.waitForResponse((r) => r.url().includes(`/items/${collection}`) && ['PATCH', 'POST'].includes(r.request().method()));

    // Seed rows whose address is not the one their name makes now: a field following the name would change it.
    const cases = [
      { collection: 'actors', from: 'nameRu', other: 'career', value: 'Актриса (правка)' },
      { collection: 'titles', from: 'name', other: 'originalName', value: 'Original (edited)' },
      { collection: 'categories', from: 'name', other: 'name', value: ' (правка)' },
    ];
    for (const { collection, from, other, value } of cases) {
      const rows = await api.get<Record<string, string | number | null>[]>(`/items/${collection}?fields=id,slug,${from},${other}&sort=id&limit=-1`);
      const row = rows.find((r) => slugFromName(r[from]) !== r.slug)!;
      expect(row, collection).toBeTruthy();
      onTestFinished(() => api.patch(`/items/${collection}/${row.id}`, { slug: row.slug, [from]: row[from], [other]: row[other] }).then(() => {}));
      await page.goto(`${directus()}/admin/content/${collection}/${row.id}`);
      const name = fieldNamed(collection, from);
      await expect.poll(() => name.inputValue()).toBe(row[from]);
      await expect.poll(() => slug.inputValue()).toBe(row.slug);
      expect(await slug.getAttribute('placeholder'), collection).toBeNull();

      // Another field (for a category, its name) changed and saved: the address stays.
      const field = fieldNamed(collection, other);
      if (other === from) {
        await field.press('End');
        await field.pressSequentially(value);
      } else await field.fill(value);
      const save = saved(collection);
      await page.keyboard.press('Control+s');
      const answer = await save;
      expect(answer.status(), collection).toBe(200);
      expect(Object.keys(answer.request().postDataJSON() as object), collection).not.toContain('slug');
      expect((await api.get<{ slug: string }>(`/items/${collection}/${row.id}?fields=slug`)).slug, collection).toBe(row.slug);
      await expect.poll(() => slug.inputValue()).toBe(row.slug);
    }

    // A new row's slug follows its name until it is saved; then the saved row keeps it through a rename.
    await page.goto(`${directus()}/admin/content/titles/+`);
    const typed = `Новый адрес ${Date.now().toString(36)}`;
    await fieldNamed('titles', 'name').pressSequentially(typed);
    await expect.poll(() => slug.inputValue()).toBe(slugFromName(typed));
    const created = saved('titles');
    await page.keyboard.press('Control+s');
    const id = ((await (await created).json()) as { data: { id: number } }).data.id;
    onTestFinished(() => api.delete(`/items/titles/${id}`).then(() => {}));
    await page.waitForURL(new RegExp(`/admin/content/titles/${id}$`));
    const name = fieldNamed('titles', 'name');
    await expect.poll(() => name.inputValue()).toBe(typed);
    await name.press('End');
    await name.pressSequentially(' 2');
    const renamed = saved('titles');
    await page.keyboard.press('Control+s');
    expect((await renamed).status()).toBe(200);
    expect(await api.get<{ name: string; slug: string }>(`/items/titles/${id}?fields=name,slug`)).toEqual({ name: `${typed} 2`, slug: slugFromName(typed) });
    await expect.poll(() => slug.inputValue()).toBe(slugFromName(typed));
  });

  it('refuses an editor\'s segment that ends before it starts, in Russian alone, keeping the row', async ({ adminApp: page }) => {
    const api = await adminApi();
    const title = await api.post<{ id: number }>('/items/titles', { slug: `segment-form-${Date.now().toString(36)}`, name: 'Отрезки в форме', status: 'draft' });
    const episode = await api.post<{ id: number }>('/items/series', { title: title.id, name: '1 серия' });
    const segment = await api.post<{ id: number }>('/items/segments', { episode: episode.id, kind: 'opening', start: 10, end: 40 });
    const editor = await newPerson({ role: EDITOR_ROLE });
    await signInToAdminApp(page, editor.email, editor.password);
    await page.goto(`${directus()}/admin/content/segments/${segment.id}`);
    const end = page.locator('.field').filter({ hasText: labelOf('segments', 'end') }).locator('input').first();
    await end.waitFor();
    await end.fill('5');
    await page.keyboard.press('Control+s');
    await expectRefusalAlone(page, 'Конец отрезка должен быть позже его начала');
    expect(await api.get<{ start: number; end: number }>(`/items/segments/${segment.id}?fields=start,end`)).toEqual({ start: 10, end: 40 });
  });

  it('lets an editor link an existing genre to a saved title, and shows them its «Найти заставки» button', async ({ adminApp: page }) => {
    const api = await adminApi();
    const stamp = Date.now().toString(36);
    // First by name, so the drawer's first page shows it.
    const genre = await api.post<{ id: number; name: string }>('/items/genres', { name: `Аа жанр ${stamp}` });
    const title = await api.post<{ id: number }>('/items/titles', { slug: `link-genre-${stamp}`, name: 'Жанр из списка', status: 'draft' });
    const editor = await newPerson({ role: EDITOR_ROLE });
    await signInToAdminApp(page, editor.email, editor.password);
    await page.goto(`${directus()}/admin/content/titles/${title.id}`);

    // The manual flow's button, in the sidebar's «Процессы».
    await page.getByRole('button', { name: 'Процессы' }).click();
    await page.getByRole('button', { name: 'Найти заставки' }).waitFor();

    // «Добавить существующий» lists the genres not linked yet (by $FOLLOW through the junction).
    const genres = page.locator('.v-form .field').filter({ has: page.getByText(labelOf('titles', 'genres'), { exact: true }) }).first();
    await genres.getByRole('button', { name: 'Добавить существующий' }).click();
    const drawer = page.locator('.v-drawer').last();
    await drawer.getByRole('cell', { name: genre.name, exact: true }).click();
    await drawer.locator('button:has([data-icon="check"])').click();
    await genres.getByText(genre.name, { exact: true }).waitFor();
    const saved = page.waitForResponse((r) => r.url().includes(`/items/titles/${title.id}`) && r.request().method() === 'PATCH');
    await page.keyboard.press('Control+s');
    expect((await saved).status()).toBe(200);
    // The saved form reads it back.
    await genres.getByText(genre.name, { exact: true }).waitFor();
    const linked = await api.get<{ genres: { genres_id: number }[] }>(`/items/titles/${title.id}?fields=genres.genres_id`);
    expect(linked.genres).toEqual([{ genres_id: genre.id }]);
  });

  it('refuses a release year no title has, saying the range under the field and in the form\'s notice', async ({ adminApp: page }) => {
    const api = await adminApi();
    const title = await api.post<{ id: number }>('/items/titles', { slug: `year-form-${Date.now().toString(36)}`, name: 'Год в форме', status: 'draft', releaseYear: 2020 });
    const editor = await newPerson({ role: EDITOR_ROLE });
    await signInToAdminApp(page, editor.email, editor.password);
    await page.goto(`${directus()}/admin/content/titles/${title.id}`);
    const yearField = page.locator('.v-form .field').filter({ has: page.getByText(labelOf('titles', 'releaseYear'), { exact: true }) }).first();
    await yearField.getByText(`От ${RELEASE_YEARS.min} до года на ${RELEASE_YEARS.ahead} лет вперёд`).waitFor();
    await yearField.locator('input').first().fill('99999');
    await page.keyboard.press('Control+s');
    await expectRefusalAlone(page, releaseYearError());
    expect(await api.get<{ releaseYear: number }>(`/items/titles/${title.id}?fields=releaseYear`)).toEqual({ releaseYear: 2020 });
  });

  it('lets the first administrator in without the \'project owner\' dialog, which the setup answers', async ({ adminApp: page, onTestFinished }) => {
    const api = await adminApi();
    const ownerDialog = () => page.getByText('You have not set a project owner.');
    onTestFinished(() => applySettings(api));
    // Without an owner, Directus stops the administrator at its dialog...
    await api.patch('/settings', { project_owner: null });
    await signInToAdminApp(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await ownerDialog().waitFor({ timeout: 30_000 });

    // ...which the backend's setup answers with the administrator's email.
    await applySettings(api);
    expect((await api.get<{ project_owner: string }>('/settings?fields=project_owner')).project_owner).toBe(E2E_ADMIN.email);
    await page.context().clearCookies();
    const settingsRead = page.waitForResponse((r) => r.url().includes('/settings') && r.request().method() === 'GET');
    await signInToAdminApp(page, E2E_ADMIN.email, E2E_ADMIN.password);
    expect(((await (await settingsRead).json()) as { data: { project_owner: string } }).data.project_owner).toBe(E2E_ADMIN.email);
    await page.locator('.module-bar').waitFor();
    expect(await ownerDialog().count()).toBe(0);
  });
});
