/**
 * Accounts as one step each. POST /site/register creates the whole account (email, password,
 * login, names, date of birth, gender) or nothing, so a registration never stops half-way with an
 * account the person cannot use; the profile rules (login shape and uniqueness, a real date of
 * birth) run as on every write. POST /site/account/delete removes the caller's account, confirmed
 * by their password, with everything they wrote and uploaded.
 */
import { ForbiddenError, InvalidPayloadError, isDirectusError } from '@directus/errors';
import { createRateLimiter } from '../../shared/directus-internals.ts';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import { ACCOUNT_MESSAGES, GENDERS, PASSWORD_MIN_LENGTH, ROLES, type Registration } from '../../../../shared/rules.ts';
import { ADULTS_ONLY, DOB_ERROR, isAdultOn, isExactIsoDob } from '../../../../shared/dob.ts';
import type { Pace } from '../../shared/pace.ts';
import { addressKey } from '../../../../shared/address-key.ts';
import { handle } from '../../shared/route-handler.ts';


const invalid = (reason: string) => new InvalidPayloadError({ reason });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The registration form's fields, each required, or the reason they are refused. */
export function registration(body: unknown): Registration {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof b[key] === 'string' ? (b[key] as string).trim() : '');
  const fields = { email: text('email').toLowerCase(), login: text('login'), first_name: text('first_name'), last_name: text('last_name'), dob: text('dob'), gender: text('gender') };
  const password = typeof b.password === 'string' ? b.password : '';
  if (Object.values(fields).some((v) => !v) || !password.trim()) throw invalid(ACCOUNT_MESSAGES.fillAll);
  if (!EMAIL.test(fields.email) || fields.email.length > 255) throw invalid('Укажите корректный email');
  if (password.length < PASSWORD_MIN_LENGTH) throw invalid(ACCOUNT_MESSAGES.passwordTooShort);
  if (!isExactIsoDob(fields.dob)) throw invalid(DOB_ERROR);
  if (!isAdultOn(fields.dob, new Date())) throw invalid(ADULTS_ONLY);
  if (!(GENDERS as readonly string[]).includes(fields.gender)) throw invalid('Пол: Мужской или Женский');
  return { ...fields, password, gender: fields.gender as Registration['gender'] };
}

/**
 * `availability` is the allowance of yes/no answers about accounts an address gets (shared with
 * GET /site/availability): a registration refused as taken is one more such answer.
 */
export function registerAccountRoutes(router: Router, { services, database, getSchema }: EndpointExtensionContext, availability: Pace): void {
  // The same allowance as Directus's own registration route (RATE_LIMITER_REGISTRATION_*).
  const registrations = createRateLimiter('RATE_LIMITER_REGISTRATION', {});
  const deletions = createRateLimiter('RATE_LIMITER_ACCOUNT_DELETE', { keyPrefix: 'rl-account-delete', points: 10, duration: 15 * 60 });

  router.post('/register', handle(async (req, res) => {
    const input = registration(req.body);
    await registrations.consume(addressKey(req.accountability?.ip ?? req.ip)).catch(() => {
      throw new InvalidPayloadError({ reason: 'Слишком много регистраций с этого адреса, попробуйте позже' });
    });
    await availability.take(addressKey(req.accountability?.ip ?? req.ip));
    const taken = async () => !!(await database('directus_users').whereRaw('lower(email) = ?', [input.email]).first('id'));
    if (await taken()) throw invalid(ACCOUNT_MESSAGES.emailTaken);
    const users = new services.UsersService({ schema: await getSchema(), knex: database });
    try {
      await users.createOne({ ...input, role: ROLES.user, status: 'active' });
    } catch (err) {
      // A race with another registration: the unique indexes stop it; say which value clashed.
      if (isDirectusError(err, 'RECORD_NOT_UNIQUE')) throw invalid((await taken()) ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.loginTaken);
      throw err;
    }
    res.status(204).end();
  }));

  router.post('/account/delete', handle(async (req, res) => {
    const me = req.accountability?.user;
    if (!me) throw new ForbiddenError();
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    if (!password) throw invalid('Введите пароль');
    await deletions.consume(me).catch(() => { throw invalid('Слишком много попыток, попробуйте позже'); });
    const schema = await getSchema();
    try {
      await new services.AuthenticationService({ schema, knex: database }).verifyPassword(me, password);
    } catch {
      throw invalid(ACCOUNT_MESSAGES.wrongPassword);
    }
    // Their files go with them (site-rules/src/user-removal.ts).
    await new services.UsersService({ schema, knex: database }).deleteOne(me);
    res.status(204).end();
  }));
}
