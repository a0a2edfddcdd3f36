/** A biography folded after 600 characters with expand and collapse (spec section 2, 'Actor page'). */
import { useState } from 'react';
import { BIOGRAPHY_FOLD } from '../../lib/constants.ts';
import { cut } from '../../lib/text.ts';

export default function BiographyFold({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > BIOGRAPHY_FOLD;
  return (
    <div className="biography">
      <p className="biography__text">{open || !long ? text : cut(text, BIOGRAPHY_FOLD)}</p>
      {long && (
        <button type="button" className="btn btn--ghost biography__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Свернуть' : 'Читать полностью'}
        </button>
      )}
    </div>
  );
}
