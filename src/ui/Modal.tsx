/**
 * The one overlay of the frame, on the native modal <dialog>: the page behind becomes inert,
 * Tab wraps inside, Escape, the close button and a click on the backdrop close it, and focus
 * returns to where it was. Open state lives in the ui store; this only mirrors it. What it holds is
 * made on the first opening: a closed dialog cannot be reached, so every page would otherwise carry
 * (and every build render) the markup of overlays nobody opened.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from './icons.tsx';
import { focusables, trapTab } from './focus.ts';
import { lockScroll, unlockScroll } from './scroll-lock.ts';
import './modal.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Visible heading, also the dialog's accessible name. */
  title: string;
  /** Hide the heading visually (the name stays for screen readers). */
  hideTitle?: boolean;
  /** 'center' for a dialog box, 'full' for the full-screen search, 'drawer' for the mobile menu. */
  kind?: 'center' | 'full' | 'drawer';
  /** What takes focus on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Replaces the standard header (heading and close button); it must then offer its own close. */
  header?: ReactNode;
  className?: string;
  children: ReactNode;
}

export default function Modal({ open, onClose, title, hideTitle = false, kind = 'center', initialFocus, header, className = '', children }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const locked = useRef(false);
  const titleId = useId();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      lockScroll();
      locked.current = true;
      (initialFocus?.current ?? focusables(dialog)[0] ?? dialog).focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  /** Frees the page and puts focus back, once per opening. */
  const release = () => {
    if (!locked.current) return;
    locked.current = false;
    unlockScroll();
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  };

  // Taken off the page while open (its owner went, as a message deleted live): no 'close' event comes then.
  useEffect(() => release, []);

  /** Fires however the dialog closed. */
  const handleClosed = () => {
    release();
    if (open) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${kind} ${className}`.trim()}
      aria-labelledby={titleId}
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onClose={handleClosed}
      onKeyDown={(e) => {
        // Handled here too: a search field would otherwise spend the first Escape clearing itself.
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        } else if (dialogRef.current) trapTab(e, dialogRef.current);
      }}
      onClick={(e) => { if (e.target === dialogRef.current) onClose(); }}
    >
      {opened && (
        <div className="modal__panel">
          {header ?? (
            <div className="modal__header">
              <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>{title}</h2>
              <button type="button" className="icon-btn modal__close" onClick={onClose} aria-label="Закрыть">
                <CloseIcon />
              </button>
            </div>
          )}
          {header && <h2 id={titleId} className="visually-hidden">{title}</h2>}
          {children}
        </div>
      )}
    </dialog>
  );
}
