/**
 * A person's login in their name colour (a gradient is drawn through the letters), linking to their profile.
 * The colour goes to people.css as --paint, which sets the name on its dark stage there.
 */
import type { CSSProperties } from 'react';
import type { PersonView } from '../../lib/people.ts';
import './people.css';

export default function PersonName({ person, className = '' }: { person: Pick<PersonView, 'login' | 'href' | 'name'>; className?: string }) {
  const look = person.name;
  const Tag = person.href ? 'a' : 'span';
  return (
    <Tag className={['person-name', look?.paint.includes('gradient(') && 'person-name--gradient', look && `person-name--${look.effect}`, className].filter(Boolean).join(' ')}
      href={person.href ?? undefined} style={look ? { '--paint': look.paint } as CSSProperties : undefined}>
      {person.login}
    </Tag>
  );
}
