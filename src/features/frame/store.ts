/**
 * The frame's store. Open and closed states of the frame's overlays: the search
 * modal, the mobile menu and the contact modal (the chat window's visibility is the chat's), one at
 * a time, so focus and scroll have a single owner; and the look. Every page's frame script reads it,
 * so it stays this small (the contact form's sending is in contact.ts, loaded with the form).
 */
import { atom, computed } from 'nanostores';
import { readItem, rootElement, writeItem } from '../../lib/storage.ts';
import { SESSION_KEY } from '../account/session.ts';

export type Overlay = 'search' | 'mobileMenu' | 'contact';

/** Which overlay is open, if any. */
export const $overlay = atom<Overlay | null>(null);

export const $searchOpen = computed($overlay, (o) => o === 'search');
export const $mobileMenuOpen = computed($overlay, (o) => o === 'mobileMenu');
export const $contactOpen = computed($overlay, (o) => o === 'contact');

export function openOverlay(overlay: Overlay): void {
  $overlay.set(overlay);
}

/** Closes the given overlay, or whichever is open when none is named. */
export function closeOverlay(overlay?: Overlay): void {
  if (!overlay || $overlay.get() === overlay) $overlay.set(null);
}

/** What is typed in the search modal's box (leading spaces trimmed as typed). */
export const $searchText = atom('');

export const openSearch = () => openOverlay('search');
export const closeSearch = () => closeOverlay('search');
export const openMobileMenu = () => openOverlay('mobileMenu');
export const closeMobileMenu = () => closeOverlay('mobileMenu');
export const openContact = () => openOverlay('contact');
export const closeContact = () => closeOverlay('contact');

/*
 * The look of the site: 'light-theme' or 'dark-theme', kept under `theme` in
 * localStorage, light by default. The value is also the class on <html>, which the design tokens
 * read. The inline head script of BaseLayout applies the stored class before the first paint;
 * this store takes over once scripts run.
 */
export const THEMES = ['light-theme', 'dark-theme'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'light-theme';

export function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

/** The stored look, or the default when nothing (or something unknown) is stored. */
export function readStoredTheme(): Theme {
  const stored = readItem(THEME_KEY);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

/** Puts exactly one theme class on <html>. */
export function applyThemeClass(theme: Theme, root: Pick<HTMLElement, 'classList'> | null = rootElement()): void {
  if (!root) return;
  root.classList.remove(...THEMES.filter((t) => t !== theme));
  root.classList.add(theme);
}

export const $theme = atom<Theme>(readStoredTheme());

export function setTheme(theme: Theme): void {
  $theme.set(theme);
  writeItem(THEME_KEY, theme);
  applyThemeClass(theme);
}

export function toggleTheme(): void {
  setTheme($theme.get() === 'dark-theme' ? 'light-theme' : 'dark-theme');
}

/** Another tab switched the look: follow it, without writing it back. */
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY) return;
    const theme = isTheme(event.newValue) ? event.newValue : DEFAULT_THEME;
    $theme.set(theme);
    applyThemeClass(theme);
  });
}

/**
 * The class on <html> saying scripts run: without it (JavaScript off) `.needs-js` controls are not
 * shown (global.css), so no button that would do nothing is offered.
 */
export const SCRIPTS_ON_CLASS = 'js';

/**
 * The class on <html> saying a session is stored: until the page's scripts know who is looking, parts
 * shown to visitors alone (the reviews' «Войдите…») hide under it rather than flash at a signed-in person.
 */
export const SESSION_HINT_CLASS = 'has-session';

/**
 * The body of the inline <head> script: the same rule as `readStoredTheme` and
 * `applyThemeClass`, written out because it runs before any module loads (no flash of the
 * wrong theme). Built from the constants above so the two cannot drift apart. It also marks
 * <html> with SCRIPTS_ON_CLASS, before the first paint, so controls that need scripts never flash,
 * and with SESSION_HINT_CLASS when a session is stored.
 */
export function themeBootScript(): string {
  const themes = JSON.stringify(THEMES);
  return `(function(){var t=${themes},d=${JSON.stringify(DEFAULT_THEME)},v=null,s=null;`
    + `try{v=localStorage.getItem(${JSON.stringify(THEME_KEY)});s=localStorage.getItem(${JSON.stringify(SESSION_KEY)})}catch(e){}`
    + `if(t.indexOf(v)<0)v=d;var c=document.documentElement.classList;`
    + `t.forEach(function(x){c.remove(x)});c.add(v);c.add(${JSON.stringify(SCRIPTS_ON_CLASS)});if(s)c.add(${JSON.stringify(SESSION_HINT_CLASS)})})();`;
}
