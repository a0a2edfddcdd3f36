/**
 * Switches between the light and the dark look. Both icons (and both labels) are in the markup
 * and the theme class on <html> shows the right one, so the button is right whatever is stored.
 * The header's is static markup: the frame's one click listener (`data-toggle-theme`,
 * components/layout/ui-triggers.ts) switches the look for it and for the mobile menu's.
 * `withLabel` adds the mobile menu's words, which name the look a click switches to, as the icon
 * does (a moon in the light look).
 */
import { MoonIcon, SunIcon } from '../../ui/icons.tsx';
import './theme-toggle.css';

export default function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  return (
    <button type="button" className={withLabel ? 'theme-toggle theme-toggle--labelled needs-js' : 'icon-btn theme-toggle needs-js'} data-toggle-theme="">
      <span className="theme-toggle__icon only-light"><MoonIcon /></span>
      <span className="theme-toggle__icon only-dark"><SunIcon /></span>
      {withLabel ? (
        <>
          <span className="theme-toggle__text only-light">Темное оформление</span>
          <span className="theme-toggle__text only-dark">Светлое оформление</span>
          <span className="theme-toggle__switch" aria-hidden="true" />
        </>
      ) : (
        <>
          <span className="visually-hidden only-light">Включить темное оформление</span>
          <span className="visually-hidden only-dark">Включить светлое оформление</span>
        </>
      )}
    </button>
  );
}
