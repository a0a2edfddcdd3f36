import { describe, expect, it, vi } from 'vitest';
import { DirectusRequestError } from '../lib/directus/request-error.ts';
import { task, taskPerKey } from './task.ts';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

describe('task', () => {
  it('is pending while the work runs and idle once it finished', async () => {
    const step = deferred();
    const t = task(() => step.promise, 'Не удалось');
    const running = t.run();
    expect(t.$state.get()).toEqual({ pending: true, error: null });
    step.resolve();
    expect(await running).toBe(true);
    expect(t.$state.get()).toEqual({ pending: false, error: null });
  });

  it('ignores a start while the work is under way: a double click sends once', async () => {
    const step = deferred();
    const work = vi.fn(() => step.promise);
    const t = task(work, 'Не удалось');
    const first = t.run();
    expect(await t.run()).toBe(false);
    step.resolve();
    await first;
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('tells the backend’s own reason, else its own message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = task(() => Promise.reject(new DirectusRequestError('Bad', 400, 'Слишком длинный текст')), 'Не удалось отправить');
    expect(await refused.run()).toBe(false);
    expect(refused.$state.get()).toEqual({ pending: false, error: 'Слишком длинный текст' });
    const offline = task(() => Promise.reject(new TypeError('Failed to fetch')), 'Не удалось отправить');
    await offline.run();
    expect(offline.$state.get().error).toBe('Не удалось отправить');
    const chosen = task(() => Promise.reject(new Error('x')), (err) => `Ошибка: ${(err as Error).message}`);
    await chosen.run();
    expect(chosen.$state.get().error).toBe('Ошибка: x');
  });

  it('retries the failed attempt with its arguments, and a new start clears the failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: number[] = [];
    let fail = true;
    const t = task(async (n: number) => { seen.push(n); if (fail) throw new Error('no'); }, 'Не удалось');
    await t.run(7);
    expect(t.$state.get().error).toBe('Не удалось');
    fail = false;
    expect(await t.retry()).toBe(true);
    expect(seen).toEqual([7, 7]);
    expect(t.$state.get().error).toBeNull();
    expect(await t.retry()).toBe(false);
  });

  it('forgets a failure on dismiss', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const t = task(() => Promise.reject(new Error('no')), 'Не удалось');
    await t.run();
    t.dismiss();
    expect(t.$state.get()).toEqual({ pending: false, error: null });
  });
});

describe('taskPerKey', () => {
  it('keeps one state per key, made once', async () => {
    const step = deferred();
    const tasks = taskPerKey((id: number) => (id === 1 ? step.promise : Promise.resolve()), 'Не удалось');
    const one = tasks.of(1).run();
    expect(tasks.of(1)).toBe(tasks.of(1));
    expect(tasks.of(1).$state.get().pending).toBe(true);
    expect(tasks.of(2).$state.get().pending).toBe(false);
    expect(await tasks.of(2).run()).toBe(true);
    step.resolve();
    await one;
  });
});
