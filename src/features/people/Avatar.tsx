/** A person's avatar, the default picture when theirs fails to load, framed when they wear a frame. */
import { DEFAULT_AVATAR } from '../../lib/assets.ts';
import type { PersonView } from '../../lib/people.ts';
import './people.css';

export default function Avatar({ person, size = 40 }: { person: Pick<PersonView, 'avatar' | 'frame'>; size?: number }) {
  return (
    <span className={person.frame ? 'avatar avatar--framed' : 'avatar'} style={{ width: size, height: size }}>
      <img className="avatar__img" src={person.avatar} alt="" width={size} height={size} loading="lazy"
        onError={(e) => { if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR; }} />
      {person.frame && <img className="avatar__frame" src={person.frame} alt="" width={size} height={size} loading="lazy" />}
    </span>
  );
}
