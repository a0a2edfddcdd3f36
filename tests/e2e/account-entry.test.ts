/**
 * Signing in and registering as a person does it: /login's forms with
 * every refusal on screen and nothing stored, the live uniqueness checks, 'Запомнить меня' across a
 * browser restart, the session refreshed before its token expires, a session ended elsewhere,
 * the return to the screen that sent the person, the forgotten password through the local mail,
 * the sign-in limits, and the header and mobile menu following a sign-in and sign-out in every tab.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from './support/test.ts';
import { LOGIN_LIMITS } from '../../directus/extensions/site-auth/src/login-limits.ts';
import { ACCOUNT_MESSAGES, ROLES } from '../../shared/rules.ts';
import { ADULTS_ONLY, DOB_ERROR } from '../../shared/dob.ts';
import { BROWSER_SESSION_COOKIE, SESSION_KEY, type Session } from '../../src/features/account/session.ts';
import { linkIn, mailTo } from '../support/mail.ts';
import { siteUrl } from './support/browser.ts';
import { newPerson } from './support/people.ts';
import { adminApi, holdScripts, hydrated, notHydrated, pick, idleIslandsHydrated, patientPolls } from './support/site.ts';

patientPolls();

const signInForm = (page: Page) => page.getByRole('form', { name: 'Вход' });
const registerForm = (page: Page) => page.getByRole('form', { name: 'Регистрация' });
const signInButton = (page: Page) => signInForm(page).getByRole('button', { name: 'Войти', exact: true });
const registerButton = (page: Page) => registerForm(page).getByRole('button', { name: 'Зарегистрироваться', exact: true });
const headerAccount = (page: Page) => page.locator('header .account-link');

/** /login with its island running; the sign-in form is ready when its button is enabled. */
async function openLogin(page: Page, path = '/login'): Promise<void> {
  await page.goto(path);
  await hydrated(page, '.account-forms, .account-me, .account-status');
}

/** The sign-in form ready to send: hydrated, and the person not signed in (the island shows the form only then). */
async function signInFormReady(page: Page): Promise<void> {
  await expect.poll(() => signInButton(page).isEnabled()).toBe(true);
}

/** The tokens the browser holds: a remembered session in localStorage, one that ends with the browser in its cookie. */
const storedSession = (page: Page): Promise<Session | null> =>
  page.evaluate(([key, cookie]) => {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as Session | null;
    if (kept?.access_token) return kept;
    const run = document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`));
    return run ? JSON.parse(decodeURIComponent(run.slice(cookie.length + 1))) as Session : null;
  }, [SESSION_KEY, BROWSER_SESSION_COOKIE] as const);

/** Requests the page sends to a path of the API, recorded from now on. */
function recordRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === `/api${path}`) seen.push(r); });
  return seen;
}

/** Holds the page's requests to a path of the API, as a slow connection would, until `release`. */
async function holdRequests(page: Page, path: string): Promise<{ release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(`**/api${path}`, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Whether the keyboard's focus is on the element. */
const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

async function usersWhere(field: 'email' | 'login', value: string): Promise<{ id: string; login: string; email: string; first_name: string; last_name: string; dob: string; gender: string; role: string }[]> {
  const api = await adminApi();
  return api.get(`/users?filter[${field}][_eq]=${encodeURIComponent(value)}&fields=id,login,email,first_name,last_name,dob,gender,role`);
}

async function signInThroughForm(page: Page, email: string, password: string, o: { remember?: boolean } = {}): Promise<void> {
  await signInFormReady(page);
  const form = signInForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Пароль', { exact: true }).fill(password);
  await form.getByLabel('Запомнить меня').setChecked(o.remember ?? true);
  await form.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** The field's message (tied to it by aria-describedby). */
async function noteOf(form: Locator, label: string): Promise<string> {
  return form.getByLabel(label, { exact: true }).evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return id ? document.getElementById(id)?.textContent ?? '' : '';
  });
}

const freshTag = () => randomUUID().slice(0, 8);

describe('registration', () => {
  it('shows every refusal on screen and stores nothing, then makes the account and signs in', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const owner = await newPerson();
    const tag = freshTag();
    const me = { login: `mina_${tag}`, email: `mina-${tag}@example.com`, password: 'mina-password-1' };
    const registrations = recordRequests(page, '/site/register');
    const checks = recordRequests(page, '/site/availability');

    await openLogin(page, '/login#register');
    const form = registerForm(page);
    await form.waitFor();
    expect(await page.getByRole('tab', { name: 'Регистрация' }).getAttribute('aria-selected')).toBe('true');

    // The button waits for the 'over 18' box.
    expect(await registerButton(page).isDisabled()).toBe(true);
    await form.getByLabel('Мне исполнилось 18 лет').check();
    await expect.poll(() => registerButton(page).isEnabled()).toBe(true);

    // Everything blank: 'Заполните все поля', each field flagged, nothing sent.
    await registerButton(page).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(8);

    // The date of birth takes digits only, at most eight, shown as dd.mm.yyyy while typed.
    const dob = form.getByLabel('Дата рождения');
    await dob.pressSequentially('3a1/0 2-19994');
    expect(await dob.inputValue()).toBe('31.02.1999');
    await dob.blur();
    await expect.poll(() => noteOf(form, 'Дата рождения')).toBe(DOB_ERROR);
    // A real date that makes a child, whatever the 18+ box says: refused on the field.
    await dob.fill('01052016');
    await dob.blur();
    await expect.poll(() => noteOf(form, 'Дата рождения')).toBe(ADULTS_ONLY);

    // A login of two letters is not checked; the email of an existing account is, in any case.
    await form.getByLabel('Логин').fill('ab');
    await form.getByLabel('Email').fill(owner.email.toUpperCase());
    await expect.poll(() => noteOf(form, 'Email')).toBe(ACCOUNT_MESSAGES.emailTaken);
    expect(checks.map((r) => new URL(r.url()).searchParams.get('login')).filter(Boolean)).toEqual([]);
    // A login that exists, typed in another case.
    await form.getByLabel('Логин').fill(owner.login.toUpperCase());
    await expect.poll(() => noteOf(form, 'Логин')).toBe(ACCOUNT_MESSAGES.loginTaken);

    await form.getByLabel('Имя').fill('Мина');
    await form.getByLabel('Фамилия').fill('Ким');
    await pick(form.getByRole('radio', { name: 'Женский' }));
    await form.getByLabel('Пароль', { exact: true }).fill(me.password);
    await form.getByLabel('Повторите пароль').fill(me.password);
    await dob.fill('08031999');
    expect(await dob.inputValue()).toBe('08.03.1999');

    // Taken login and email block the form.
    await registerButton(page).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('login');
    expect(await noteOf(form, 'Логин')).toBe(ACCOUNT_MESSAGES.loginTaken);

    await form.getByLabel('Логин').fill(me.login);
    await expect.poll(() => noteOf(form, 'Логин')).toBe('Логин свободен');
    await registerButton(page).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await noteOf(form, 'Email')).toBe(ACCOUNT_MESSAGES.emailTaken);

    // A login of another shape, a short password, a repeat that differs: each on its field.
    await form.getByLabel('Email').fill(me.email);
    await expect.poll(() => noteOf(form, 'Email')).toBe('Email свободен');
    await form.getByLabel('Логин').fill('два слова');
    await registerButton(page).click();
    await expect.poll(() => noteOf(form, 'Логин')).toBe(ACCOUNT_MESSAGES.loginShape);
    await form.getByLabel('Логин').fill(me.login);
    // Its check answers in a moment, and its note moves what lies below: the tick box is pressed once it has.
    await expect.poll(() => noteOf(form, 'Логин')).toBe('Логин свободен');
    await form.getByLabel('Пароль', { exact: true }).fill('short');
    await form.getByLabel('Повторите пароль').fill('short');
    await registerButton(page).click();
    await expect.poll(() => noteOf(form, 'Пароль')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    await form.getByLabel('Пароль', { exact: true }).fill(me.password);
    await form.getByLabel('Повторите пароль').fill(`${me.password}x`);
    await registerButton(page).click();
    await expect.poll(() => noteOf(form, 'Повторите пароль')).toBe(ACCOUNT_MESSAGES.passwordsDiffer);

    // Unticking 'over 18' disables the button again.
    await form.getByLabel('Мне исполнилось 18 лет').uncheck();
    expect(await registerButton(page).isDisabled()).toBe(true);
    await form.getByLabel('Мне исполнилось 18 лет').check();

    // None of that reached the backend.
    expect(registrations).toHaveLength(0);

    // What only the backend knows comes back in its words, and nothing is stored.
    await form.getByLabel('Повторите пароль').fill(me.password);
    await form.getByLabel('Email').fill(`mina-${tag}@example`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/site/register'));
    await registerButton(page).click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('Укажите корректный email');
    expect(await usersWhere('login', me.login)).toEqual([]);

    // Now right: one call makes the account, and the person is signed in (nowhere to return to: home).
    await form.getByLabel('Email').fill(me.email);
    await expect.poll(() => noteOf(form, 'Email')).toBe('Email свободен');
    await registerButton(page).click();
    await page.waitForURL(`${siteUrl()}/`);
    expect(registrations).toHaveLength(2);
    const [stored] = await usersWhere('login', me.login);
    expect(stored).toMatchObject({
      login: me.login, email: me.email, first_name: 'Мина', last_name: 'Ким', dob: '1999-03-08', gender: 'Женский', role: ROLES.user,
    });
    expect(await usersWhere('email', owner.email)).toHaveLength(1);
    await idleIslandsHydrated(page);
    await expect.poll(() => headerAccount(page).getAttribute('aria-label')).toBe('Профиль');
    // Kept as a sign-in with 'Запомнить меня' is.
    expect((await storedSession(page))?.remember).toBe(true);
  });

  /** Fills the registration form of the open /login page with a new person's values and sends it. */
  async function register(page: Page, who: { login: string; email: string; password: string }, o: { press?: 'Enter' } = {}): Promise<void> {
    const form = registerForm(page);
    await form.waitFor();
    await form.getByLabel('Логин').fill(who.login);
    await form.getByLabel('Имя').fill('Хана');
    await form.getByLabel('Фамилия').fill('Юн');
    await form.getByLabel('Email').fill(who.email);
    await form.getByLabel('Дата рождения').fill('12041996');
    await pick(form.getByRole('radio', { name: 'Женский' }));
    await form.getByLabel('Пароль', { exact: true }).fill(who.password);
    await form.getByLabel('Повторите пароль').fill(who.password);
    await expect.poll(() => noteOf(form, 'Логин')).toBe('Логин свободен');
    await expect.poll(() => noteOf(form, 'Email')).toBe('Email свободен');
    await form.getByLabel('Мне исполнилось 18 лет').check();
    if (o.press) await registerButton(page).press(o.press);
    else await registerButton(page).click();
  }

  const newcomer = () => {
    const tag = freshTag();
    return { login: `hana_${tag}`, email: `hana-${tag}@example.com`, password: 'hana-password-1' };
  };

  it('ends signed in on the title page the person came from, by its sign-in link or by the header\'s icon', async ({ browsers }) => {
    const [title] = await (await adminApi()).get<{ slug: string; name: string }[]>('/items/titles?filter[status][_eq]=published&fields=slug,name&sort=id&limit=1');
    for (const way of ['the rating\'s sign-in link', 'the header\'s icon'] as const) {
      const { page } = await browsers.visitor();
      await page.goto(`/${title.slug}`);
      await idleIslandsHydrated(page);
      if (way === 'the header\'s icon') await headerAccount(page).click();
      else await page.getByRole('link', { name: 'Войдите, чтобы оценить' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await hydrated(page, '.account-forms');
      await page.getByRole('tab', { name: 'Регистрация' }).click();
      await register(page, newcomer());
      await page.waitForURL(`${siteUrl()}/${title.slug}`);
      // Signed in on that page: the profile icon, the stars to press and the review form.
      await idleIslandsHydrated(page);
      await expect.poll(() => headerAccount(page).getAttribute('aria-label'), { message: way }).toBe('Профиль');
      await page.getByRole('button', { name: 'Оценить на 5 из 5' }).waitFor();
      await page.getByRole('region', { name: /^Отзывы/ }).scrollIntoViewIfNeeded();
      await page.getByRole('textbox', { name: 'Ваш комментарий' }).waitFor();
      expect(await page.getByRole('link', { name: 'Войдите, чтобы оставить комментарий' }).count(), way).toBe(0);
    }
  });

  it('leaves the new account to sign in with, its email filled in, when signing in after it fails', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const who = newcomer();
    await openLogin(page, '/login#register');
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await register(page, who);
    await signInForm(page).waitFor();
    expect(await signInForm(page).getByRole('status').innerText()).toContain('Аккаунт создан');
    expect(await signInForm(page).getByLabel('Email').inputValue()).toBe(who.email);
    expect(await page.getByRole('tab', { name: 'Вход' }).getAttribute('aria-selected')).toBe('true');
    expect(await usersWhere('email', who.email)).toHaveLength(1);
    expect(await storedSession(page)).toBeNull();

    // The password is what is left to type.
    await page.unroute('**/api/auth/login');
    await signInForm(page).getByLabel('Пароль', { exact: true }).fill(who.password);
    await signInButton(page).click();
    await page.waitForURL(`${siteUrl()}/`);
    await expect.poll(() => headerAccount(page).getAttribute('aria-label')).toBe('Профиль');
  });

  it('reports a login another registration took meanwhile on its field, to change and send again', async ({ browsers }) => {
    const { page } = await browsers.visitor({ width: 'mobile' });
    const tag = freshTag();
    const wanted = `race_${tag}`;
    const email = `race-${tag}@example.com`;
    await openLogin(page, '/login#register');
    const form = registerForm(page);
    await form.getByLabel('Логин').fill(wanted);
    await form.getByLabel('Имя').fill('Дживон');
    await form.getByLabel('Фамилия').fill('Ли');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Дата рождения').fill('17051995');
    await pick(form.getByRole('radio', { name: 'Мужской' }));
    await form.getByLabel('Пароль', { exact: true }).fill('race-password-1');
    await form.getByLabel('Повторите пароль').fill('race-password-1');
    // The checks' notes appear under their fields and move the box down: it is ticked once they have.
    await expect.poll(() => noteOf(form, 'Логин')).toBe('Логин свободен');
    await expect.poll(() => noteOf(form, 'Email')).toBe('Email свободен');
    await form.getByLabel('Мне исполнилось 18 лет').check();

    // Someone else registers that login before this person presses the button.
    await newPerson({ login: wanted });
    await registerButton(page).click();
    await expect.poll(() => noteOf(form, 'Логин')).toBe(ACCOUNT_MESSAGES.loginTaken);
    expect(await usersWhere('email', email)).toEqual([]);

    await form.getByLabel('Логин').fill(`${wanted}_2`);
    await expect.poll(() => noteOf(form, 'Логин')).toBe('Логин свободен');
    await registerButton(page).click();
    await page.waitForURL(`${siteUrl()}/`);
    expect((await usersWhere('email', email)).map((u) => u.login)).toEqual([`${wanted}_2`]);
  });

  it('keeps the keyboard on «Зарегистрироваться» while it sends, and sends once', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const who = newcomer();
    const registrations = recordRequests(page, '/site/register');
    await openLogin(page, '/login#register');
    const sending = await holdRequests(page, '/site/register');
    await register(page, who, { press: 'Enter' });
    const button = registerForm(page).getByRole('button', { name: 'Создаём аккаунт…' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await focused(button)).toBe(true);
    await page.keyboard.press('Enter');
    sending.release();
    await page.waitForURL(`${siteUrl()}/`);
    expect(registrations).toHaveLength(1);
  });

  it('counts a uniqueness check that failed as taken until one answers', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const tag = freshTag();
    const person = { login: `chk_${tag}`, email: `chk-${tag}@example.com` };
    await page.route('**/api/site/availability**', (route) => route.abort('internetdisconnected'));
    const registrations = recordRequests(page, '/site/register');
    await openLogin(page, '/login#register');
    const form = registerForm(page);
    await form.getByLabel('Логин').fill(person.login);
    await form.getByLabel('Имя').fill('Со Юн');
    await form.getByLabel('Фамилия').fill('Пак');
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Дата рождения').fill('01012000');
    await pick(form.getByRole('radio', { name: 'Женский' }));
    await form.getByLabel('Пароль', { exact: true }).fill('check-password-1');
    await form.getByLabel('Повторите пароль').fill('check-password-1');
    await expect.poll(() => noteOf(form, 'Логин')).toBe('Не удалось проверить логин. Попробуйте ещё раз');
    await expect.poll(() => noteOf(form, 'Email')).toBe('Не удалось проверить email. Попробуйте ещё раз');
    await form.getByLabel('Мне исполнилось 18 лет').check();

    // Pressing the button asks again; still no answer, so nothing is sent.
    const asked = page.waitForRequest((r) => r.url().includes('/api/site/availability'));
    await registerButton(page).click();
    await asked;
    await expect.poll(() => registerButton(page).innerText()).toBe('Зарегистрироваться');
    expect(registrations).toHaveLength(0);

    // With the connection back, the next press checks and registers.
    await page.unroute('**/api/site/availability**');
    await registerButton(page).click();
    await page.waitForURL(`${siteUrl()}/`);
    expect(await usersWhere('login', person.login)).toHaveLength(1);
  });
});

describe('signing in', () => {
  it('switches between the two forms by a switch of two equal halves (no other screen\'s tabs styling it)', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    await openLogin(page);
    await signInFormReady(page);
    const tabs = page.getByRole('tablist', { name: 'Вход или регистрация' });
    const [box, signIn, register] = await Promise.all([
      tabs.boundingBox(), tabs.getByRole('tab', { name: 'Вход' }).boundingBox(), tabs.getByRole('tab', { name: 'Регистрация' }).boundingBox(),
    ]);
    expect(Math.abs(signIn!.width - register!.width)).toBeLessThanOrEqual(1);
    expect(signIn!.width + register!.width).toBeGreaterThanOrEqual(box!.width * 0.9);
  });

  it('refuses blank fields without asking, and a wrong password with «Неверный email или пароль»', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const person = await newPerson();
    const attempts = recordRequests(page, '/auth/login');
    await openLogin(page);
    await signInFormReady(page);
    await signInButton(page).click();
    await expect.poll(() => signInForm(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.fillAll);
    expect(attempts).toHaveLength(0);

    await signInThroughForm(page, person.email, 'not-the-password');
    await expect.poll(() => signInForm(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.badCredentials);
    expect(attempts).toHaveLength(1);
    expect(await storedSession(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await headerAccount(page).getAttribute('aria-label')).toBe('Войти');
  });

  it('keeps the keyboard on «Войти» while it signs in, and asks once', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const person = await newPerson();
    const attempts = recordRequests(page, '/auth/login');
    await openLogin(page);
    await signInFormReady(page);
    const form = signInForm(page);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Пароль', { exact: true }).fill(person.password);
    const signingIn = await holdRequests(page, '/auth/login');
    await signInButton(page).press('Enter');
    const button = form.getByRole('button', { name: 'Входим…' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await focused(button)).toBe(true);
    await page.keyboard.press('Enter');
    signingIn.release();
    await page.waitForURL(`${siteUrl()}/`);
    expect(attempts).toHaveLength(1);
  });

  it('signs in with what the browser filled in before the form woke', async ({ browsers }) => {
    const { page } = await browsers.visitor();
    const person = await newPerson();
    const scripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const form = signInForm(page);
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Пароль', { exact: true }).fill(person.password);
    await form.getByLabel('Запомнить меня').uncheck();
    expect(await notHydrated(page, '.account-forms')).toBe(true);
    await scripts.release();
    await signInFormReady(page);
    await signInButton(page).click();
    await page.waitForURL(`${siteUrl()}/`);
    expect((await storedSession(page))?.remember).toBe(false);
  });

  it('shows and hides the password', async ({ browsers }) => {
    const { page } = await browsers.visitor({ width: 'mobile' });
    await openLogin(page);
    await signInFormReady(page);
    const password = signInForm(page).getByLabel('Пароль', { exact: true });
    await password.fill('visible-now');
    expect(await password.getAttribute('type')).toBe('password');
    await signInForm(page).getByRole('button', { name: 'Показать пароль' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await signInForm(page).getByRole('button', { name: 'Скрыть пароль' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.inputValue()).toBe('visible-now');
  });

  it('returns to the screen that sent the person, and never to another site', async ({ browsers }) => {
    const person = await newPerson();
    const { page } = await browsers.visitor();
    await openLogin(page, '/login?next=%2Fprofile%2Fedit');
    await signInThroughForm(page, person.email, person.password);
    await page.waitForURL(`${siteUrl()}/profile/edit`);

    const other = await browsers.visitor();
    await openLogin(other.page, '/login?next=%2F%2Fexample.org%2Fphish');
    await signInThroughForm(other.page, person.email, person.password);
    await other.page.waitForURL(`${siteUrl()}/`);

    // Addresses that pass for a path but resolve to '//example.org…' stay on this site.
    for (const next of ['/.//example.org/phish', '/a/..//example.org/phish', '/./\\example.org/phish']) {
      const tricked = await browsers.visitor();
      await openLogin(tricked.page, `/login?next=${encodeURIComponent(next)}`);
      await signInThroughForm(tricked.page, person.email, person.password);
      await tricked.page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(tricked.page.url()).origin, next).toBe(siteUrl());
    }
  });

  for (const remember of [true, false]) {
    it(`${remember ? 'keeps' : 'ends'} the session across a browser restart with 'Запомнить меня' ${remember ? 'checked' : 'unchecked'}`, async ({ browser, browsers }) => {
      const person = await newPerson();
      const { page, context } = await browsers.visitor();
      await openLogin(page);
      await signInThroughForm(page, person.email, person.password, { remember });
      await page.waitForURL(`${siteUrl()}/`);
      const session = (await storedSession(page))!;
      expect(session.remember).toBe(remember);

      // A restart: the same stored data, less the cookies that end with the browser.
      const state = await context.storageState();
      expect(state.cookies.some((c) => c.name === BROWSER_SESSION_COOKIE)).toBe(!remember);
      // What outlasts the browser holds the tokens only when the person asked to be remembered.
      const outlasting = JSON.stringify({ origins: state.origins, cookies: state.cookies.filter((c) => c.expires > 0) });
      expect(outlasting.includes(session.refresh_token)).toBe(remember);
      expect(outlasting.includes(session.access_token)).toBe(remember);
      const { page: after } = await browsers.visitor({ acceptCookies: false, context: { storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) } } });
      await openLogin(after);
      if (remember) {
        await expect.poll(() => after.getByRole('heading', { name: /Вы вошли как/ }).innerText()).toBe(`Вы вошли как ${person.login}`);
        await idleIslandsHydrated(after);
        await expect.poll(() => headerAccount(after).getAttribute('aria-label')).toBe('Профиль');
      } else {
        // The form appears only once the island knows there is no session.
        await signInFormReady(after);
        expect(await after.getByRole('heading', { name: /Вы вошли как/ }).count()).toBe(0);
        await idleIslandsHydrated(after);
        expect(await headerAccount(after).getAttribute('aria-label')).toBe('Войти');
      }
    });
  }

  it('shows the backend\'s Russian message when sign-in attempts run out', async ({ browsers }) => {
    const person = await newPerson();
    const { page } = await browsers.visitor();
    await openLogin(page);
    for (let i = 0; i < LOGIN_LIMITS.email.points; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await signInThroughForm(page, person.email, `guess-${i}`);
      expect((await answered).status()).toBe(401);
      await expect.poll(() => signInForm(page).getByRole('alert').innerText()).toBe(ACCOUNT_MESSAGES.badCredentials);
    }
    const limited = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await signInThroughForm(page, person.email, person.password);
    const answer = await limited;
    expect(answer.status()).toBe(429);
    const message = ((await answer.json()) as { errors: { message: string }[] }).errors[0].message;
    expect(message).toMatch(/^Слишком много попыток входа\. Попробуйте через \d+ мин\. или восстановите пароль$/);
    await expect.poll(() => signInForm(page).getByRole('alert').innerText()).toBe(message);
    expect(await storedSession(page)).toBeNull();
  });
});

describe('a signed-in session', () => {
  it('is refreshed before its access token expires, and signed-in calls still answer', async ({ person, signedIn }) => {
    const { page } = signedIn;
    await openLogin(page);
    await expect.poll(() => page.getByRole('heading', { name: /Вы вошли как/ }).innerText()).toBe(`Вы вошли как ${person.login}`);
    const first = (await storedSession(page))!;

    const me = (token: string) => page.evaluate(async (t) => {
      const res = await fetch('/api/users/me?fields=login', { headers: { authorization: `Bearer ${t}` } });
      return { status: res.status, login: res.ok ? ((await res.json()) as { data: { login: string } }).data.login : null };
    }, token);

    // 30 s before the token would expire, the page refreshes the session by itself.
    await expect.poll(async () => (await storedSession(page))?.access_token, { timeout: first.expires + 10_000 }).not.toBe(first.access_token);
    const renewed = (await storedSession(page))!;
    expect(renewed.expires_at).toBeGreaterThan(first.expires_at);
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect(Date.now()).toBeLessThan(first.expires_at);
    // The token it replaced stops working at once, before its own expiry.
    expect((await me(first.access_token)).status).toBe(401);

    // Past the first token's life, the session still answers.
    await expect.poll(() => Date.now(), { timeout: first.expires + 10_000, interval: 500 }).toBeGreaterThan(first.expires_at + 1_000);
    expect(await me((await storedSession(page))!.access_token)).toEqual({ status: 200, login: person.login });

    // And the site's own client, reading the profile again, still gets it.
    await openLogin(page);
    await expect.poll(() => page.getByRole('heading', { name: /Вы вошли как/ }).innerText()).toBe(`Вы вошли как ${person.login}`);
  });

  it('survives a refresh whose answer was lost to a page change', async ({ person, signedIn }) => {
    const { page } = signedIn;
    await openLogin(page);
    const who = page.getByRole('heading', { name: /Вы вошли как/ });
    await expect.poll(() => who.innerText()).toBe(`Вы вошли как ${person.login}`);
    const first = (await storedSession(page))!;

    // The next page holds a token that has run out, so it refreshes first; the backend spends the
    // refresh token and the answer never reaches the page, as when a page is left mid-request.
    const spent = new Promise<number>((resolve) => {
      void page.route('**/api/auth/refresh', async (route) => {
        resolve((await route.fetch()).status());
        await route.abort();
      }, { times: 1 });
    });
    await page.evaluate(([key, session]) => localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Date.now() })), [SESSION_KEY, first] as const);
    await page.reload();
    expect(await spent).toBe(200);

    // The refresh comes before the island shows who is signed in: on a busy machine, more than the usual wait.
    await page.reload();
    await expect.poll(() => who.innerText(), { timeout: 30_000 }).toBe(`Вы вошли как ${person.login}`);
    const renewed = (await storedSession(page))!;
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    expect(renewed.expires_at).toBeGreaterThan(Date.now());
  });

  it('ended elsewhere: the tokens are cleared and the page shows the visitor\'s screen, with no error', async ({ browsers }) => {
    const person = await newPerson();
    const v = await browsers.as(person);
    const { page } = v;
    await openLogin(page);
    await expect.poll(() => page.getByRole('heading', { name: /Вы вошли как/ }).innerText()).toBe(`Вы вошли как ${person.login}`);
    const session = (await storedSession(page))!;

    // Signed out from somewhere else: the backend ends the session and its tokens.
    const ended = await fetch(`${inject('e2eDirectusUrl')}/auth/logout`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'json', refresh_token: session.refresh_token }),
    });
    expect(ended.status).toBe(204);

    await page.reload();
    await expect.poll(() => storedSession(page)).toBeNull();
    await hydrated(page, '.account-forms');
    await signInFormReady(page);
    await idleIslandsHydrated(page);
    await expect.poll(() => headerAccount(page).getAttribute('aria-label')).toBe('Войти');
    await page.waitForLoadState('networkidle');
    expect(v.errors).toEqual([]);
  });

  it('on /login shows who is signed in, and signing out there reaches every tab and ends access at once', async ({ browser, browsers }) => {
    const person = await newPerson();
    const { page, context } = await browsers.as(person, { width: 'mobile' });
    await openLogin(page);
    const who = page.getByRole('heading', { name: /Вы вошли как/ });
    await expect.poll(() => who.innerText()).toBe(`Вы вошли как ${person.login}`);
    expect(await who.getByRole('link', { name: person.login }).getAttribute('href')).toBe(`/profile/${person.login}`);
    expect(await page.getByRole('link', { name: 'Мой профиль' }).getAttribute('href')).toBe('/profile');

    // Another tab of the same browser, on the home page: the header and the menu offer the profile.
    const other = await browsers.tab(context);
    await other.page.goto('/');
    await idleIslandsHydrated(other.page);
    await expect.poll(() => headerAccount(other.page).getAttribute('aria-label')).toBe('Профиль');
    await other.page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = other.page.getByRole('dialog', { name: 'Меню' });
    await menu.getByRole('link', { name: 'Профиль' }).waitFor();

    const token = (await storedSession(page))!.access_token;
    await page.getByRole('button', { name: 'Выйти' }).click();
    await signInFormReady(page);
    expect(await storedSession(page)).toBeNull();
    await expect.poll(() => headerAccount(page).getAttribute('aria-label')).toBe('Войти');
    // The other tab follows without a reload.
    await menu.getByRole('link', { name: 'Войти' }).waitFor();
    await expect.poll(() => headerAccount(other.page).getAttribute('aria-label')).toBe('Войти');
    // The backend no longer accepts the token.
    await expect.poll(async () => (await fetch(`${inject('e2eDirectusUrl')}/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('that ends with the browser reaches another tab, and so does signing out of it', async ({ browsers }) => {
    const person = await newPerson();
    const { page, context } = await browsers.visitor();
    const { page: other } = await browsers.tab(context);
    await other.goto('/updates');
    await idleIslandsHydrated(other);
    await openLogin(page);
    await signInThroughForm(page, person.email, person.password, { remember: false });
    await page.waitForURL(`${siteUrl()}/`);
    await expect.poll(() => headerAccount(other).getAttribute('aria-label')).toBe('Профиль');
    await openLogin(page);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await signInFormReady(page);
    expect(await storedSession(page)).toBeNull();
    await expect.poll(() => headerAccount(other).getAttribute('aria-label')).toBe('Войти');
  });

  it('begun in one tab shows in the header and the menu of another', async ({ browsers }) => {
    const person = await newPerson();
    const { page, context } = await browsers.visitor({ width: 'mobile' });
    const { page: other } = await browsers.tab(context);
    await other.goto('/updates');
    await idleIslandsHydrated(other);
    expect(await headerAccount(other).getAttribute('aria-label')).toBe('Войти');

    await openLogin(page);
    await signInThroughForm(page, person.email, person.password);
    await page.waitForURL(`${siteUrl()}/`);
    await expect.poll(() => headerAccount(other).getAttribute('aria-label')).toBe('Профиль');
    await other.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = other.getByRole('dialog', { name: 'Меню' });
    await menu.getByRole('link', { name: 'Профиль' }).waitFor();
  });
});

describe('a forgotten password', () => {
  it('is reset through the mailed link, and the new one signs in', async ({ browsers }) => {
    const person = await newPerson();
    const { page } = await browsers.visitor();
    await openLogin(page);
    await signInFormReady(page);
    await signInForm(page).getByLabel('Email').fill(person.email);
    await signInForm(page).getByRole('button', { name: 'Забыли пароль?' }).click();
    const forgot = page.getByRole('form', { name: 'Восстановление пароля' });
    // The email typed for signing in is carried over.
    expect(await forgot.getByLabel('Email').inputValue()).toBe(person.email);
    await forgot.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain(`Если аккаунт с адресом ${person.email} существует`);

    // An unknown email gets the very same answer.
    const stranger = await browsers.visitor({ width: 'mobile' });
    await openLogin(stranger.page, '/login#forgot');
    const strangerForm = stranger.page.getByRole('form', { name: 'Восстановление пароля' });
    await strangerForm.getByLabel('Email').fill(`nobody-${freshTag()}@example.com`);
    await strangerForm.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect.poll(() => stranger.page.getByRole('status').innerText()).toMatch(/^Если аккаунт с адресом nobody-.+@example\.com существует, мы отправили на него письмо/);

    const mail = await mailTo(inject('e2eMailOutbox'), person.email);
    const link = linkIn(mail, `${siteUrl()}/reset-password`);
    await page.goto(link);
    await hydrated(page, '.account-form');
    const reset = page.getByRole('form', { name: 'Новый пароль' });
    const save = reset.getByRole('button', { name: 'Сохранить пароль' });
    await reset.getByLabel('Новый пароль').fill('a-new-password-1');
    await reset.getByLabel('Повторите пароль').fill('a-new-password-2');
    await expect.poll(() => noteOf(reset, 'Повторите пароль')).toBe(ACCOUNT_MESSAGES.passwordsDiffer);
    expect(await save.isDisabled()).toBe(true);
    await reset.getByLabel('Повторите пароль').fill('a-new-password-1');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByRole('heading', { name: 'Пароль изменён' }).waitFor();

    await page.getByRole('link', { name: 'Войти' }).last().click();
    await page.waitForURL(`${siteUrl()}/login`);
    await hydrated(page, '.account-forms');
    await signInThroughForm(page, person.email, 'a-new-password-1');
    await page.waitForURL(`${siteUrl()}/`);

    // The link worked once.
    const again = await browsers.visitor();
    await again.page.goto(link);
    await hydrated(again.page, '.account-form');
    await again.page.getByRole('form', { name: 'Новый пароль' }).getByLabel('Новый пароль').fill('a-third-password-3');
    await again.page.getByRole('form', { name: 'Новый пароль' }).getByLabel('Повторите пароль').fill('a-third-password-3');
    await again.page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect.poll(() => again.page.getByRole('alert').innerText()).toContain('Ссылка для смены пароля устарела или уже использована.');
    expect(await again.page.getByRole('link', { name: 'Запросить новую ссылку' }).getAttribute('href')).toBe('/login#forgot');
  });

  it('says a link without its code cannot work, and refuses a short password before sending', async ({ browsers }) => {
    const { page } = await browsers.visitor({ width: 'mobile' });
    await page.goto('/reset-password');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('В ссылке не хватает кода');

    const resets = recordRequests(page, '/auth/password/reset');
    await page.goto('/reset-password?token=some-token');
    await hydrated(page, '.account-form');
    const form = page.getByRole('form', { name: 'Новый пароль' });
    await form.getByLabel('Новый пароль').fill('short');
    await form.getByLabel('Повторите пароль').fill('short');
    await form.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect.poll(() => noteOf(form, 'Новый пароль')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(resets).toHaveLength(0);

    // A code that is not a real one is refused by the backend and explained the same way as a used one.
    await form.getByLabel('Новый пароль').fill('long-enough-1');
    await form.getByLabel('Повторите пароль').fill('long-enough-1');
    await form.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('устарела или уже использована');
    expect(resets).toHaveLength(1);
  });
});
