/**
 * /profile/edit in Chromium against the built site and the seeded backend: a saved change shows
 * in the sidebar without a reload; every refusal (date of birth, passwords, the backend's minimum
 * length, a new password or email without the current password, a taken login or email) is on
 * screen and stores nothing; empty fields are not sent;
 * the avatar takes a PNG, refuses a GIF to a plain user with the notice and takes it from Premium.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from './support/test.ts';
import type { Browsers } from './support/test.ts';
import { ACCOUNT_MESSAGES, ROLES } from '../../shared/rules.ts';
import { CURRENT_PASSWORD_NEEDED } from '../../shared/current-password.ts';
import { DOB_ERROR } from '../../shared/dob.ts';
import { profileRow } from './support/account.ts';
import { newPerson, sessionOf, type Person } from './support/people.ts';
import { adminApi, patientPolls } from './support/site.ts';

patientPolls(20_000);


const FIELDS = 'login,email,first_name,last_name,dob,gender,aboutMe,avatar';
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Личный кабинет' });
const form = (page: Page) => page.locator('form.edit-form');
const save = (page: Page) => form(page).getByRole('button', { name: 'Сохранить' });

async function openEdit(browsers: Browsers, person: Person): Promise<Page> {
  const { page } = await browsers.as(person);
  await page.goto('/profile/edit');
  await form(page).waitFor();
  return page;
}

/** Files the person uploaded, as the administrator counts them. */
async function uploadsOf(person: Person): Promise<number> {
  const rows = await (await adminApi()).get<unknown[]>(`/files?filter[uploaded_by][_eq]=${person.id}&fields=id`);
  return rows.length;
}

const picture = (format: 'png' | 'gif') =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 60, b: 110 } } })[format]().toBuffer();

describe('editing the profile', () => {
  it('sends a visitor to sign in, to come back afterwards', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/profile/edit');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile/edit');
  });

  it('saves what changed and the sidebar shows it without a reload', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openEdit(browsers, person);
    await page.evaluate(() => { (window as unknown as { sameDocument: boolean }).sameDocument = true; });
    const login = `${person.login}_new`;
    await form(page).getByLabel('Логин').fill(login);
    await form(page).getByLabel('Имя', { exact: true }).fill('Мария');
    await form(page).getByLabel('Дата рождения').fill('');
    await form(page).getByLabel('Дата рождения').pressSequentially('0302a2001');
    expect(await form(page).getByLabel('Дата рождения').inputValue()).toBe('03.02.2001');
    await form(page).getByLabel('Мужской').check();
    await form(page).getByLabel('О себе').fill('Люблю исторические дорамы.');
    await expect.poll(() => save(page).isEnabled()).toBe(true);
    await save(page).click();

    await expect.poll(() => form(page).getByRole('status').innerText()).toBe('Изменения сохранены');
    await expect.poll(() => sidebar(page).innerText()).toContain(login);
    expect(await sidebar(page).innerText()).toContain('Мария Зритель');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await profileRow(person.id, 'login,first_name,last_name,dob,gender,aboutMe')).toEqual({
      login, first_name: 'Мария', last_name: 'Зритель', dob: '2001-02-03', gender: 'Мужской', aboutMe: 'Люблю исторические дорамы.',
    });

    await form(page).getByRole('link', { name: 'Закрыть' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
  });

  it('does not send emptied fields: they keep their stored values', async ({ browsers }) => {
    const person = await newPerson({ extra: { aboutMe: 'Обо мне' } });
    const before = await profileRow(person.id, FIELDS);
    const page = await openEdit(browsers, person);
    for (const label of ['Имя', 'Фамилия', 'О себе', 'Дата рождения']) await form(page).getByLabel(label, { exact: true }).fill('');
    await save(page).click();
    await expect.poll(() => form(page).getByRole('status').innerText()).toBe('Изменений нет');
    expect(await form(page).getByLabel('Фамилия').inputValue()).toBe('Зритель');
    expect(await profileRow(person.id, FIELDS)).toEqual(before);
  });

  it('refuses an impossible date of birth on screen and stores nothing', async ({ browsers }) => {
    const person = await newPerson();
    const before = await profileRow(person.id, FIELDS);
    const page = await openEdit(browsers, person);
    const dob = form(page).getByLabel('Дата рождения');
    for (const typed of ['31022001', '01011899']) {
      await dob.fill('');
      await dob.pressSequentially(typed);
      await save(page).click();
      await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(DOB_ERROR);
    }
    expect(await profileRow(person.id, FIELDS)).toEqual(before);
  });

  it('disables Save while the passwords differ, shows the backend\'s minimum length, and changes a good one', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openEdit(browsers, person);
    await form(page).getByLabel('Новый пароль').fill('new-password-1');
    await form(page).getByLabel('Повторите пароль').fill('new-password-2');
    await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.passwordsDiffer);
    expect(await save(page).isDisabled()).toBe(true);

    await form(page).getByLabel('Новый пароль').fill('short');
    await form(page).getByLabel('Повторите пароль').fill('short');
    await expect.poll(() => save(page).isEnabled()).toBe(true);
    // A new password goes with the current one: asked on screen before anything is sent.
    await save(page).click();
    await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(CURRENT_PASSWORD_NEEDED);
    const current = form(page).getByLabel('Текущий пароль');
    await current.fill(person.password);
    await save(page).click();
    await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    await sessionOf(person);

    await form(page).getByLabel('Новый пароль').fill('new-password-1');
    await form(page).getByLabel('Повторите пароль').fill('new-password-1');
    await current.fill('not-my-password');
    await save(page).click();
    await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.wrongPassword);
    await sessionOf(person);
    await current.fill(person.password);
    await save(page).click();
    await expect.poll(() => form(page).getByRole('status').innerText()).toBe('Изменения сохранены');
    expect(await form(page).getByLabel('Новый пароль').inputValue()).toBe('');
    await sessionOf({ email: person.email, password: 'new-password-1' });
    await expect(sessionOf(person)).rejects.toThrow(/401/);
  });

  it('says a login or email is taken while it is typed, case-blind, keeps Save off, and stores nothing', async ({ browsers }) => {
    const [person, other] = await Promise.all([newPerson(), newPerson()]);
    const before = await profileRow(person.id, FIELDS);
    const page = await openEdit(browsers, person);
    const login = form(page).getByLabel('Логин');
    await login.fill(other.login.toUpperCase());
    await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.loginTaken);
    expect(await save(page).isDisabled()).toBe(true);
    await login.fill(person.login);
    await form(page).getByRole('alert').first().waitFor({ state: 'detached' });

    const email = form(page).getByLabel('Email');
    await email.fill(other.email);
    await expect.poll(() => form(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.emailTaken);
    expect(await save(page).isDisabled()).toBe(true);
    await email.fill(person.email.toUpperCase());
    await form(page).getByRole('alert').first().waitFor({ state: 'detached' });
    expect(await profileRow(person.id, FIELDS)).toEqual(before);
  });
});

describe('the avatar', () => {
  const chooser = (page: Page) => page.getByLabel('Загрузить аватар');

  it('takes a PNG and shows it at once in the sidebar', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openEdit(browsers, person);
    await chooser(page).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture('png') });
    await expect.poll(() => page.locator('.avatar-upload').getByRole('status').innerText()).toBe('Аватар обновлён');
    const { avatar } = await profileRow<{ avatar: string }>(person.id, 'avatar');
    expect(avatar).toBeTruthy();
    await expect.poll(() => sidebar(page).locator('.avatar__img').getAttribute('src')).toContain(avatar);
  });

  it('refuses a GIF to a plain user with the notice and a link to the plans, uploading nothing', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openEdit(browsers, person);
    await chooser(page).setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: await picture('gif') });
    const notice = page.locator('.avatar-upload').getByRole('alert');
    await expect.poll(() => notice.innerText()).toContain('Загружать gif аватары можно только с подпиской');
    expect(await notice.getByRole('link', { name: 'Купить подписку' }).getAttribute('href')).toBe('/profile/tariff');
    expect((await profileRow(person.id, 'avatar')).avatar).toBeNull();
    expect(await uploadsOf(person)).toBe(0);
  });

  it('refuses a file that is not a picture', async ({ browsers }) => {
    const person = await newPerson();
    const page = await openEdit(browsers, person);
    await chooser(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не картинка') });
    await expect.poll(() => page.locator('.avatar-upload').getByRole('alert').innerText()).toContain('только картинка');
    expect(await uploadsOf(person)).toBe(0);
  });

  it('takes a GIF from Premium', async ({ browsers }) => {
    const person = await newPerson({ role: ROLES.premium });
    const page = await openEdit(browsers, person);
    await chooser(page).setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: await picture('gif') });
    await expect.poll(() => page.locator('.avatar-upload').getByRole('status').innerText()).toBe('Аватар обновлён');
    const { avatar } = await profileRow<{ avatar: string }>(person.id, 'avatar');
    const file = await (await adminApi()).get<{ type: string }>(`/files/${avatar}?fields=type`);
    expect(file.type).toBe('image/gif');
  });
});
