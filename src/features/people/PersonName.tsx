/** A person's login in their name colour (a gradient is drawn through the letters), linking to their profile. */
import type { CSSProperties } from 'react';
import type { NameLook, PersonView } from '../../lib/people.ts';
import './people.css';

function paint(look: NameLook | null): CSSProperties | undefined {
  if (!look) return undefined;
  return look.paint.includes('gradient(') ? { backgroundImage: look.paint } : { color: look.paint };
}

export default function PersonName({ person, className = '' }: { person: Pick<PersonView, 'login' | 'href' | 'name'>; className?: string }) {
  const look = person.name;
  const classes = ['person-name', look?.paint.includes('gradient(') && 'person-name--gradient', look && `person-name--${look.effect}`, className]
    .filter(Boolean).join(' ');
  return person.href
    ? <a className={classes} href={person.href} style={paint(look)}>{person.login}</a>
    : <span className={classes} style={paint(look)}>{person.login}</span>;
}
