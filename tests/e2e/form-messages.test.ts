/**
 * A form's message stays only while what it speaks of holds: «Заполните все поля» goes once the
 * fields it named are filled, a refusal once the refused values are changed. The field a message
 * speaks of is marked invalid and takes the keyboard; a form that was sent hands it to its thanks.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from './support/test.ts';
import { ACCOUNT_MESSAGES } from '../../shared/rules.ts';
import { newPerson } from './support/people.ts';
import { hydrated, idleIslandsHydrated, patientPolls, pick } from './support/site.ts';

patientPolls(20_000);

const alertOf = (form: Locator) => form.getByRole('alert');
/** Whether the element has the keyboard's focus. */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const invalid = (target: Locator) => target.getAttribute('aria-invalid');

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
    // As registration: each empty field is marked, and the first takes the keyboard.
    const [email, password] = [form.getByLabel('Email'), form.getByLabel('Пароль', { exact: true })];
    await expect.poll(() => focused(email)).toBe(true);
    expect([await invalid(email), await invalid(password)]).toEqual(['true', 'true']);
    await form.getByLabel('Email').fill('someone@example.com');
    expect(await alertOf(form).innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    expect([await invalid(email), await invalid(password)]).toEqual([null, 'true']);
    await form.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => focused(password)).toBe(true);
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

describe('the contact form', () => {
  const contactModal = async (page: Page): Promise<Locator> => {
    await page.goto('/');
    await idleIslandsHydrated(page);
    await page.locator('footer').getByRole('button', { name: 'Связаться с нами' }).click();
    return page.getByRole('dialog', { name: 'Связаться с нами' });
  };

  it('hands the keyboard to the field the backend refused, marked invalid, and once sent to the thanks\' «Закрыть»', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const dialog = await contactModal(page);
    const send = dialog.getByRole('button', { name: 'Отправить' });
    const [name, email] = [dialog.getByLabel('Имя'), dialog.getByLabel('Email')];
    await send.click();
    await expect.poll(() => focused(name)).toBe(true);
    expect(await invalid(name)).toBe('true');
    expect(await page.locator(`#${await name.getAttribute('aria-describedby')}`).innerText()).toContain('Укажите имя');

    // The browser's own check passes an address without a dot in its domain; the backend's does not.
    await name.fill('Проверка фокуса');
    await email.fill('someone@localhost');
    await dialog.getByLabel('Сообщение').fill('Куда уходит фокус?');
    await send.click();
    await expect.poll(() => focused(email)).toBe(true);
    expect([await invalid(name), await invalid(email)]).toEqual([null, 'true']);

    await email.fill('focus@example.com');
    await send.click();
    await expect.poll(() => focused(dialog.locator('.contact-form__thanks').getByRole('button', { name: 'Закрыть' }))).toBe(true);
    expect(await dialog.innerText()).toContain('Спасибо за обращение!');
  });

  it('on a static page hands the keyboard to the thanks once sent', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await page.goto('/about');
    const form = page.locator('.contact-form');
    await form.scrollIntoViewIfNeeded();
    await hydrated(page, '.contact-form');
    await form.getByLabel('Сообщение').fill('Вопрос со страницы «О нас»');
    await form.getByRole('button', { name: 'Отправить' }).click();
    const name = form.getByLabel('Имя');
    await expect.poll(() => focused(name)).toBe(true);
    expect(await invalid(name)).toBe('true');
    await name.fill('Проверка фокуса');
    await form.getByLabel('Email').fill('about-focus@example.com');
    await form.getByRole('button', { name: 'Отправить' }).click();
    const thanks = page.getByText('Спасибо за обращение!');
    await expect.poll(() => thanks.evaluate((el) => el.closest('.contact-form__thanks')?.contains(document.activeElement) ?? false)).toBe(true);
  });
});
