/**
 * Profile rules: login shape and uniqueness (case and look-alike letters aside), a real date of birth, the allowed
 * genders, a person's own email or password changed only with the current password, the player's settings, and the paid customisations (name colour and GIF avatar for premium roles,
 * frame and background for Premium+ only). Presence pings get the server's clock.
 */
import {
  ACCOUNT_MESSAGES, DECOR_ROLES, GENDERS, LOGIN_PATTERN, PASSWORD_MIN_LENGTH, PREMIUM_ROLES, TEXT_LIMITS,
} from '../../../../shared/rules.ts';
import { CURRENT_PASSWORD_NEEDED } from '../../../../shared/current-password.ts';
import { ADULTS_ONLY, DOB_ERROR, isAdultOn, isExactIsoDob } from '../../../../shared/dob.ts';
import { playerSettingsProblem } from '../../../../shared/player-settings.ts';
import { isPrivileged, type Actor } from '../../shared/accountability.ts';
import { invalid } from '../../shared/errors.ts';
import type { Pace } from '../../shared/pace.ts';
import { ownFile } from './files.ts';
import { ONLY_IMAGES, imageFacts } from './image-facts.ts';
import { sizeRefusal } from './upload-rules.ts';
import { keyOf } from '../../shared/keys.ts';
import { isLoginTaken } from '../../shared/login-taken.ts';
import { optionalText } from './values.ts';
import type { Knex } from 'knex';
import type { Payload, Register } from './types.ts';

export const GIF_NEEDS_PLAN = 'Загружать gif аватары можно только с подпиской';

/** The stored bytes of a file, or null when it is missing or larger than a user may upload. */
export type ReadStored = (fileId: string) => Promise<Buffer | null>;

/** A new password: text of at least PASSWORD_MIN_LENGTH characters, whoever sets it (a reset writes as an administrator). */
export function passwordOf(value: unknown): string {
  if (typeof value !== 'string') return invalid(ACCOUNT_MESSAGES.passwordTooShort);
  return value.length >= PASSWORD_MIN_LENGTH ? value : invalid(ACCOUNT_MESSAGES.passwordTooShort);
}

/** The paces of a person's own account changes. */
export interface AccountPaces { emailChange: Pace; passwordChange: Pace }

/** Whether `password` is the person's own, as sign-in checks it. */
export type VerifyPassword = (user: string, password: string) => Promise<boolean>;

/** The field a person's own change of email or password carries their current password in; never stored. */
export const CURRENT_PASSWORD = 'current_password';

const EMAIL_INVALID = 'Укажите корректный email';
const GENDER_INVALID = 'Пол: Мужской или Женский';
const KEPT_FIELDS: readonly (readonly [string, string])[] = [
  ['login', ACCOUNT_MESSAGES.loginShape],
  ['email', EMAIL_INVALID],
  ['dob', DOB_ERROR],
  ['gender', GENDER_INVALID],
];

/** The profile's picture and decorations: each a file or shop item, or none. */
const CHOSEN_FILES_AND_ITEMS = ['avatar', 'nameColor', 'frame', 'background'] as const;

async function checkProfile(payload: Payload, keys: (string | number)[], database: Knex, actor: Actor | null, readStored: ReadStored, paces: AccountPaces, verifyPassword: VerifyPassword): Promise<Payload> {
  const { [CURRENT_PASSWORD]: currentPassword, ...out } = payload;
  // Taken off is null, however the form said it: never an empty text pointing at nothing.
  for (const field of CHOSEN_FILES_AND_ITEMS) if (field in out && keyOf(out[field]) === null) out[field] = null;
  if ('password' in out) out.password = passwordOf(out.password);
  if ('email' in out && out.email !== null && typeof out.email !== 'string') invalid(EMAIL_INVALID);
  if ('login' in out && out.login !== null) {
    if (typeof out.login !== 'string' || !LOGIN_PATTERN.test(out.login.trim())) {
      invalid(ACCOUNT_MESSAGES.loginShape);
    }
    out.login = out.login.trim();
    if (await isLoginTaken(database, out.login, keys.map(String))) invalid(ACCOUNT_MESSAGES.loginTaken);
  }
  if ('dob' in out && out.dob !== null && !isExactIsoDob(out.dob)) invalid(DOB_ERROR);
  if ('dob' in out && out.dob !== null && !isPrivileged(actor) && !isAdultOn(out.dob, new Date())) invalid(ADULTS_ONLY);
  if ('gender' in out && out.gender !== null && !(typeof out.gender === 'string' && (GENDERS as readonly string[]).includes(out.gender))) invalid(GENDER_INVALID);
  if ('playerSettings' in out) {
    const problem = playerSettingsProblem(out.playerSettings);
    if (problem) invalid(problem);
  }
  if ('aboutMe' in out) out.aboutMe = optionalText(out.aboutMe, TEXT_LIMITS.aboutMe, `«О себе» длиннее ${TEXT_LIMITS.aboutMe} символов`);
  for (const f of ['first_name', 'last_name'] as const) {
    if (f in out && out[f] !== null) out[f] = optionalText(out[f], 50, 'Имя и фамилия — не длиннее 50 символов');
  }
  // Presence pings get the server's clock; only an admin (data import, tests) may record another time.
  if ('last_access' in out && !isPrivileged(actor)) out.last_access = new Date().toISOString();
  if (isPrivileged(actor)) return out;

  // Registration asks for these and the profile form never sends one emptied: nobody clears their own (an
  // account without an email cannot sign in, one without a birth date escapes the age rule).
  for (const [field, reason] of KEPT_FIELDS) {
    const value: unknown = out[field];
    if (field in out && (value === null || (typeof value === 'string' && !value.trim()))) invalid(reason);
  }

  // A refused email change says the address is taken: an answer about someone else's account.
  let newEmail = false;
  if (typeof out.email === 'string' && actor?.user) {
    const current = await database('directus_users').where('id', actor.user).first('email');
    newEmail = String(current?.email ?? '').toLowerCase() !== out.email.trim().toLowerCase();
    if (newEmail) await paces.emailChange.take(actor.user);
  }
  if ('password' in out && actor?.user) await paces.passwordChange.take(actor.user);
  // Whoever holds a person's token is not the person: the email and password that sign in, and the
  // letters that reset it, change only with the current password. Checked after the paces, which
  // then count guesses too.
  const ownAccount = keys.length === 1 && String(keys[0]) === actor?.user;
  if ((newEmail || 'password' in out) && ownAccount && actor?.user) {
    if (typeof currentPassword !== 'string' || !currentPassword) invalid(CURRENT_PASSWORD_NEEDED);
    if (!(await verifyPassword(actor.user, currentPassword))) invalid(ACCOUNT_MESSAGES.wrongPassword);
  }

  const paid = planAllows(database, actor);
  await checkDecoration(out, 'nameColor', PREMIUM_ROLES, database, paid, 'Цвет ника доступен с подпиской');
  await checkDecoration(out, 'frame', DECOR_ROLES, database, paid, 'Рамка доступна с подпиской Премиум+');
  await checkDecoration(out, 'background', DECOR_ROLES, database, paid, 'Фон профиля доступен с подпиской Премиум+');
  if (keyOf(out.avatar) !== null) await checkAvatar(out.avatar, database, actor, paid, readStored);
  return out;
}

/** Whether the person's plan allows a paid customisation to one of `roles`. */
type PlanAllows = (roles: readonly string[]) => Promise<boolean>;

/**
 * Judged by the role stored now rather than the token's, which is up to 15 minutes old: a token from
 * before a plan ended would otherwise put on a decoration that the plan's end, already past, never
 * takes off again. Read once, when first asked.
 */
function planAllows(database: Knex, actor: Actor | null): PlanAllows {
  let role: Promise<string | null> | undefined;
  return async (roles) => {
    const user = actor?.user;
    if (!user) return false;
    role ??= database('directus_users').where('id', user).first('role').then((row) => row?.role ?? null);
    const stored = await role;
    return stored !== null && roles.includes(stored);
  };
}

/**
 * An avatar is a picture its owner uploaded for the public, read again from the stored bytes:
 * a GIF, or any picture that moves, needs a subscription.
 */
async function checkAvatar(avatar: unknown, database: Knex, actor: Actor | null, paid: PlanAllows, readStored: ReadStored): Promise<void> {
  const { chat } = await ownFile(database, avatar, actor);
  if (chat !== null) invalid('Картинку из личного чата нельзя поставить аватаром');
  const bytes = await readStored(String(keyOf(avatar)));
  const facts = bytes ? await imageFacts(bytes) : null;
  if (!facts) invalid(ONLY_IMAGES);
  // An editor's own upload may be larger than a member's: such a picture is not read whole to be an avatar.
  const tooLarge = sizeRefusal(facts);
  if (tooLarge) invalid(tooLarge);
  if (facts.animated && !(await paid(PREMIUM_ROLES))) invalid(GIF_NEEDS_PLAN);
  // A plan's end reads this mark: a moving WebP or PNG is not told by its type, as a GIF is.
  await database('directus_files').where('id', String(keyOf(avatar))).update({ animated: facts.animated });
}

/** A shop item of the right type, and a role that may wear it; clearing is always allowed. */
async function checkDecoration(out: Payload, field: 'nameColor' | 'frame' | 'background', roles: readonly string[], database: Knex, paid: PlanAllows, message: string) {
  const id = keyOf(out[field]);
  if (!(field in out) || id === null) return;
  if (!(await paid(roles))) invalid(message);
  const item = await database('shop').where({ id, type: field, status: 'published' }).first('id');
  if (!item) invalid('Такого украшения нет в магазине');
}

export function registerUserRules({ filter, action }: Register, readStored: ReadStored, paces: AccountPaces, verifyPassword: VerifyPassword): void {
  filter('users.create', (payload: Payload, _meta, { database, accountability }) => checkProfile(payload, [], database, accountability, readStored, paces, verifyPassword));
  filter('users.update', (payload: Payload, meta, { database, accountability }) => checkProfile(payload, meta.keys ?? [], database, accountability, readStored, paces, verifyPassword));
  // A deleted picture leaves no avatar pointing at nothing: the profile shows the default one again.
  action('files.delete', async ({ keys }, { database }) => {
    if (Array.isArray(keys) && keys.length) await database('directus_users').whereIn('avatar', keys.map(String)).update({ avatar: null });
  });
}
