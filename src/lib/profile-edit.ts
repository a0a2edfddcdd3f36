/**
 * The profile edit form's rules: the two password fields must
 * match; an empty field is not sent, an empty password is dropped; the date of birth follows the
 * registration's rules; a new email or password goes with the current password. Only what differs
 * from the stored profile is sent.
 */
import { ACCOUNT_MESSAGES, GENDERS } from '../../shared/rules.ts';
import { CURRENT_PASSWORD_NEEDED } from '../../shared/current-password.ts';
import { dobProblem, dobToIso, isoToDisplay } from '../../shared/dob.ts';
import type { Me, ProfileChange } from './directus/account.ts';

export type Gender = (typeof GENDERS)[number];

export interface EditForm {
  login: string;
  email: string;
  first_name: string;
  last_name: string;
  /** dd.mm.yyyy as typed */
  dob: string;
  gender: Gender | '';
  aboutMe: string;
  password: string;
  passwordRepeat: string;
  currentPassword: string;
}

export interface EditProblems {
  dob?: string;
  password?: string;
  currentPassword?: string;
}

type Stored = Pick<Me, 'login' | 'email' | 'first_name' | 'last_name' | 'dob' | 'gender' | 'aboutMe'>;

export function formOf(me: Stored): EditForm {
  return {
    login: me.login ?? '',
    email: me.email ?? '',
    first_name: me.first_name ?? '',
    last_name: me.last_name ?? '',
    dob: me.dob ? isoToDisplay(me.dob) : '',
    gender: me.gender ?? '',
    aboutMe: me.aboutMe ?? '',
    password: '',
    passwordRepeat: '',
    currentPassword: '',
  };
}

/** Whether the form changes what signs in (the email, the password): the backend then asks for the current password. */
export function needsCurrentPassword(form: Pick<EditForm, 'email' | 'password'>, me: Pick<Stored, 'email'>): boolean {
  const email = form.email.trim().toLowerCase();
  return !!form.password || (!!email && email !== (me.email ?? '').toLowerCase());
}

/** 'Пароли не совпадают' while the two fields differ; it disables Save. */
export function passwordProblem(form: Pick<EditForm, 'password' | 'passwordRepeat'>): string | undefined {
  return form.password !== form.passwordRepeat ? ACCOUNT_MESSAGES.passwordsDiffer : undefined;
}

/** What Save sends, or the problems that keep it from sending anything. */
export function changeOf(form: EditForm, me: Stored): { change: ProfileChange; problems: EditProblems } {
  const problems: EditProblems = {};
  const change: ProfileChange = {};
  const text = (key: 'login' | 'first_name' | 'last_name' | 'aboutMe', value: string) => {
    const v = value.trim();
    if (v && v !== (me[key] ?? '')) change[key] = v;
  };
  text('login', form.login);
  text('first_name', form.first_name);
  text('last_name', form.last_name);
  text('aboutMe', form.aboutMe);

  const email = form.email.trim().toLowerCase();
  if (email && email !== (me.email ?? '').toLowerCase()) change.email = email;

  const dob = form.dob.trim();
  if (dob) {
    const problem = dobProblem(dob, new Date());
    const iso = dobToIso(dob);
    if (problem) problems.dob = problem;
    else if (iso !== (me.dob ?? '').slice(0, 10)) change.dob = iso!;
  }

  if (form.gender && form.gender !== me.gender) change.gender = form.gender;

  const password = passwordProblem(form);
  if (password) problems.password = password;
  else if (form.password) change.password = form.password;

  if (change.email || change.password) {
    if (form.currentPassword) change.current_password = form.currentPassword;
    else problems.currentPassword = CURRENT_PASSWORD_NEEDED;
  }
  return { change, problems };
}
