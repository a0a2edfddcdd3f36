/**
 * The footer's tag list (spec section 4): collapsed shows the first FOOTER_TAGS_COLLAPSED tags,
 * expanded shows all, the extra ones appearing one after another. Every tag is in the server's
 * markup, so without JavaScript the hidden ones are still links a crawler follows.
 */
import { useState, type CSSProperties } from 'react';
import { FOOTER_TAGS_COLLAPSED } from '../../lib/constants.ts';
import './footer-tags.css';

interface Props {
  tags: { name: string; slug: string }[];
}

/** Delay between two extra tags appearing, so the list unrolls rather than jumps; capped so a long list is not slow. */
const STAGGER_MS = 25;
const STAGGER_STEPS = 12;

export default function FooterTags({ tags }: Props) {
  const [expanded, setExpanded] = useState(false);
  const hasMore = tags.length > FOOTER_TAGS_COLLAPSED;

  return (
    <div className={expanded ? 'footer-tags footer-tags--expanded' : 'footer-tags'}>
      <ul className="footer-tags__list" id="footer-tags-list">
        {tags.map((tag, i) => {
          const extra = i >= FOOTER_TAGS_COLLAPSED;
          const style = extra ? ({ '--delay': `${Math.min(i - FOOTER_TAGS_COLLAPSED, STAGGER_STEPS) * STAGGER_MS}ms` } as CSSProperties) : undefined;
          return (
            <li key={tag.slug} className={extra ? 'footer-tags__item footer-tags__item--extra' : 'footer-tags__item'} style={style}>
              <a href={`/tag/${encodeURIComponent(tag.slug)}`}>{tag.name}</a>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <button type="button" className="footer-tags__toggle" aria-expanded={expanded} aria-controls="footer-tags-list"
          onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Свернуть' : 'Показать все'}
        </button>
      )}
    </div>
  );
}
