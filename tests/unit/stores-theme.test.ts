import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Map-backed stand-in for the browser's localStorage. */
function fakeStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (k: string) => data.get(k) ?? null,
    key: (i: number) => [...data.keys()][i] ?? null,
    removeItem: (k: string) => { data.delete(k); },
    setItem: (k: string, v: string) => { data.set(k, String(v)); },
  };
}

/** A stand-in for <html> with a working classList. */
function fakeDocument(initial: string[] = []) {
  const classes = new Set(initial);
  const classList = {
    add: (...c: string[]) => c.forEach((x) => classes.add(x)),
    remove: (...c: string[]) => c.forEach((x) => classes.delete(x)),
    contains: (c: string) => classes.has(c),
  };
  return { classes, document: { documentElement: { classList } } };
}

/** The store reads storage when its module loads, so each case loads a fresh copy. */
async function loadTheme(stored: Record<string, string> = {}) {
  const storage = fakeStorage(stored);
  const dom = fakeDocument(['light-theme']);
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('document', dom.document);
  vi.resetModules();
  const mod = await import('../../src/features/frame/store.ts');
  return { ...mod, storage, classes: dom.classes };
}

describe('theme store', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the light theme when nothing is stored', async () => {
    const { $theme } = await loadTheme();
    expect($theme.get()).toBe('light-theme');
  });

  it('starts from the stored theme', async () => {
    const { $theme } = await loadTheme({ theme: 'dark-theme' });
    expect($theme.get()).toBe('dark-theme');
  });

  it('ignores an unknown stored value', async () => {
    const { $theme } = await loadTheme({ theme: 'purple' });
    expect($theme.get()).toBe('light-theme');
  });

  it('toggles, stores under `theme` and swaps the <html> class', async () => {
    const { $theme, toggleTheme, storage, classes } = await loadTheme();
    toggleTheme();
    expect($theme.get()).toBe('dark-theme');
    expect(storage.getItem('theme')).toBe('dark-theme');
    expect([...classes]).toEqual(['dark-theme']);
    toggleTheme();
    expect($theme.get()).toBe('light-theme');
    expect(storage.getItem('theme')).toBe('light-theme');
    expect([...classes]).toEqual(['light-theme']);
  });

  it('setTheme sets the given theme', async () => {
    const { $theme, setTheme, storage, classes } = await loadTheme();
    setTheme('dark-theme');
    setTheme('dark-theme');
    expect($theme.get()).toBe('dark-theme');
    expect(storage.getItem('theme')).toBe('dark-theme');
    expect([...classes]).toEqual(['dark-theme']);
  });

  it('keeps working in memory when storage refuses writes', async () => {
    const { $theme, toggleTheme } = await loadTheme();
    vi.stubGlobal('localStorage', { ...fakeStorage(), setItem: () => { throw new Error('QuotaExceededError'); } });
    expect(() => toggleTheme()).not.toThrow();
    expect($theme.get()).toBe('dark-theme');
  });

  it('boot script applies the stored theme the same way, and says scripts run', async () => {
    const { themeBootScript, SCRIPTS_ON_CLASS } = await loadTheme();
    for (const [stored, expected] of [[null, 'light-theme'], ['dark-theme', 'dark-theme'], ['junk', 'light-theme']] as const) {
      const storage = fakeStorage(stored ? { theme: stored } : {});
      const dom = fakeDocument(['light-theme']);
      new Function('localStorage', 'document', themeBootScript())(storage, dom.document);
      expect([...dom.classes]).toEqual([expected, SCRIPTS_ON_CLASS]);
    }
  });
});
