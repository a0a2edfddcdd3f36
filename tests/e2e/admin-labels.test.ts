/**
 * Editors in the admin app read Russian: collections, fields, notes and stored values named in
 * Russian (directus/schema/labels.ts), and lists showing what they look for. The first sign-in as
 * administrator is not stopped by Directus's 'project owner' dialog: the backend's setup sets it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { applySettings } from '../../directus/apply/settings.ts';
import { LABELS, fieldLabel } from '../../directus/schema/labels.ts';
import { E2E_ADMIN } from './global-setup.ts';
import { newPerson } from './support/people.ts';
import { adminApi, visitorsOfThisFile } from './support/site.ts';

const { browser, done } = visitorsOfThisFile();
const directus = () => inject('e2eDirectusUrl');

async function signInToAdminApp(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${directus()}/admin/login`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin\/content/, { timeout: 60_000 });
}

const labelOf = (collection: string, field: string) => {
  const label = fieldLabel(collection, field)!;
  return typeof label === 'string' ? label : label.name;
};

describe('the admin app', () => {
  it('names collections, list columns, stored values and fields in Russian for an editor', async () => {
    const editor = await newPerson({ role: EDITOR_ROLE });
    const context = await browser().newContext({ locale: 'ru-RU', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await signInToAdminApp(page, editor.email, editor.password);
      const nav = page.locator('.content-navigation');
      for (const collection of ['titles', 'series', 'iframeSeasons', 'mainBanners', 'actors', 'comments']) {
        await nav.getByText(LABELS[collection].plural, { exact: true }).first().waitFor();
      }

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
    } finally {
      await context.close();
      await done(false);
    }
  });

  it('lets the first administrator in without the \'project owner\' dialog, which the setup answers', async () => {
    const api = await adminApi();
    const context = await browser().newContext({ locale: 'ru-RU', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const ownerDialog = () => page.getByText('You have not set a project owner.');
    try {
      // Without an owner, Directus stops the administrator at its dialog...
      await api.patch('/settings', { project_owner: null });
      await signInToAdminApp(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await ownerDialog().waitFor({ timeout: 30_000 });

      // ...which the backend's setup answers with the administrator's email.
      await applySettings(api);
      expect((await api.get<{ project_owner: string }>('/settings?fields=project_owner')).project_owner).toBe(E2E_ADMIN.email);
      await context.clearCookies();
      const settingsRead = page.waitForResponse((r) => r.url().includes('/settings') && r.request().method() === 'GET');
      await signInToAdminApp(page, E2E_ADMIN.email, E2E_ADMIN.password);
      expect(((await (await settingsRead).json()) as { data: { project_owner: string } }).data.project_owner).toBe(E2E_ADMIN.email);
      await page.locator('.module-bar').waitFor();
      expect(await ownerDialog().count()).toBe(0);
    } finally {
      await applySettings(api);
      await context.close();
      await done(false);
    }
  });
});
