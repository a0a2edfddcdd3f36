/**
 * The registration form's own checks, before anything is sent: every field
 * filled, a login of the allowed shape, a real date of birth of an adult, a long enough password typed the
 * same twice. What only the backend can know (a login or email taken) comes back from it.
 */
import { ACCOUNT_MESSAGES, GENDERS, LOGIN_PATTERN, PASSWORD_MIN_LENGTH, type Registration } from '../../../shared/rules.ts';
import { dobProblem, dobToIso } from '../../../shared/dob.ts';

export type Gender = (typeof GENDERS)[number];

/** What the form holds: the date of birth as typed (dd.mm.yyyy), the gender unset until chosen. */
export interface RegistrationForm {
  login: string;
  first_name: string;
  last_name: string;
  email: string;
  dob: string;
  gender: Gender | '';
  password: string;
  repeat: string;
}

export type RegistrationField = keyof RegistrationForm;

export const EMPTY_REGISTRATION: RegistrationForm = {
  login: '', first_name: '', last_name: '', email: '', dob: '', gender: '', password: '', repeat: '',
};

export type RegistrationCheck =
  | { ok: true; registration: Registration }
  | { ok: false; message: string; fields: RegistrationField[] };

/** The blank fields of the form, in the order they are shown. */
export function blankFields(form: RegistrationForm): RegistrationField[] {
  return (Object.keys(EMPTY_REGISTRATION) as RegistrationField[]).filter((key) => !form[key].trim());
}

export const isLoginShaped = (login: string) => LOGIN_PATTERN.test(login.trim());

/** The registration to send, or the first thing to fix with the fields it concerns. */
export function checkRegistration(form: RegistrationForm): RegistrationCheck {
  const blank = blankFields(form);
  if (blank.length) return { ok: false, message: ACCOUNT_MESSAGES.fillAll, fields: blank };
  if (!isLoginShaped(form.login)) return { ok: false, message: ACCOUNT_MESSAGES.loginShape, fields: ['login'] };
  const dobWrong = dobProblem(form.dob, new Date());
  if (dobWrong) return { ok: false, message: dobWrong, fields: ['dob'] };
  if (form.password.length < PASSWORD_MIN_LENGTH) return { ok: false, message: ACCOUNT_MESSAGES.passwordTooShort, fields: ['password'] };
  if (form.repeat !== form.password) return { ok: false, message: ACCOUNT_MESSAGES.passwordsDiffer, fields: ['repeat'] };
  return {
    ok: true,
    registration: {
      login: form.login.trim(),
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      email: form.email.trim(),
      dob: dobToIso(form.dob.trim())!,
      gender: form.gender as Gender,
      password: form.password,
    },
  };
}
