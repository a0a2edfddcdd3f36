/**
 * A form's message stays only while what it speaks of holds: «Заполните все поля» goes once the
 * fields it named are filled, a refusal once the refused values are changed.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { ACCOUNT_MESSAGES } from '../../shared/rules.ts';
import { newPerson } from './support/people.ts';
import { hydrated, patientPolls, pick } from './support/site.ts';

patientPolls(20_000);

const alertOf = (form: Locator) => form.getByRole('alert');

async function openForm(page: Page, hash: string, name: string): Promise<Locator> {
  await page.goto(`/login${hash}`);
  await hydrated(page, '.account-form');
  return page.getByRole('form', { name });
}

describe('«Заполните все поля»', () => {
  it('goes from the sign-in form once both fields are filled, not before', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const form = await openForm(page, '', 'Вход');
    await form.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => alertOf(form).innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    await form.getByLabel('Email').fill('someone@example.com');
    expect(await alertOf(form).innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    await form.getByLabel('Пароль', { exact: true }).fill('secret-password-1');
    await alertOf(form).first().waitFor({ state: 'detached' });
  });

  it('goes from registration once every field is filled', async ({ browsers }) => {
    const { page } = await browsers.visitor({ width: 'mobile' });
    const form = await openForm(page, '#register', 'Регистрация');
    await form.getByRole('checkbox', { name: 'Мне исполнилось 18 лет' }).check();
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const general = form.locator('.form-alert');
    await expect.poll(() => general.innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    const stamp = Date.now().toString(36);
    await form.getByLabel('Логин').fill(`filler_${stamp}`);
    await form.getByLabel('Имя').fill('Анна');
    await form.getByLabel('Фамилия').fill('Ким');
    await form.getByLabel('Email').fill(`filler_${stamp}@example.com`);
    await form.getByLabel('Дата рождения').fill('17051995');
    await pick(form.getByRole('radio', { name: 'Женский' }));
    await form.getByLabel('Пароль', { exact: true }).fill('secret-password-1');
    // One field is still blank: the message stays.
    expect(await general.innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    await form.getByLabel('Повторите пароль').fill('secret-password-1');
    await general.first().waitFor({ state: 'detached' });
  });
});

describe('a refusal', () => {
  it('goes from the sign-in form once the refused password is changed', async ({ browsers }) => {
    const person = await newPerson();
    const { page } = await browsers.visitor();
    const form = await openForm(page, '', 'Вход');
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Пароль', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => alertOf(form).innerText()).toBe('Неверный email или пароль');
    await form.getByLabel('Пароль', { exact: true }).fill('not-the-password-either');
    await alertOf(form).first().waitFor({ state: 'detached' });
  });
});
