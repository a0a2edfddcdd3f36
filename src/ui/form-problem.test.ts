import { describe, expect, it } from 'vitest';
import { problemAt, shownProblem } from './form-problem.ts';

describe('a form\'s message tied to its fields', () => {
  it('holds while the values it was said of are as they were, and goes once one changes', () => {
    const said = problemAt('Неверный email или пароль', { email: 'a@b.ru', password: 'x' });
    expect(shownProblem(said, { email: 'a@b.ru', password: 'x' })).toBe('Неверный email или пароль');
    expect(shownProblem(said, { email: 'a@b.ru', password: 'xy' })).toBeNull();
    expect(shownProblem(said, { email: 'c@b.ru', password: 'x' })).toBeNull();
  });

  it('holds by its own rule when given one: «Заполните все поля» until every field is filled', () => {
    const blank = (v: { email: string; password: string }) => !v.email.trim() || !v.password;
    const said = problemAt('Заполните все поля', { email: '', password: '' }, blank);
    expect(shownProblem(said, { email: 'a@b.ru', password: '' })).toBe('Заполните все поля');
    expect(shownProblem(said, { email: '  ', password: 'x' })).toBe('Заполните все поля');
    expect(shownProblem(said, { email: 'a@b.ru', password: 'x' })).toBeNull();
  });

  it('shows nothing when nothing was said', () => {
    expect(shownProblem(null, { text: '' })).toBeNull();
  });
});
