/**
 * The head of a profile: the wallpaper the person wears, the framed avatar, the login in its colour,
 * the name, what the reader can do about friendship (`children`), and the facts.
 */
import type { ReactNode } from 'react';
import type { PublicProfileView } from '../../lib/public-profile.ts';
import { Avatar, PersonName } from './index.ts';

export default function ProfileCard({ profile, children }: { profile: PublicProfileView; children?: ReactNode }) {
  const facts: [string, string][] = [];
  if (profile.age) facts.push(['Возраст', profile.age]);
  if (profile.birthDate) facts.push(['Дата рождения', profile.birthDate]);
  if (profile.gender) facts.push(['Пол', profile.gender]);

  return (
    <section className="profile-card" aria-labelledby="profile-name">
      <div
        className={profile.wallpaper ? 'profile-card__cover profile-card__cover--wallpaper' : 'profile-card__cover'}
        style={profile.wallpaper ? { backgroundImage: `url("${profile.wallpaper}")` } : undefined}
      />
      <div className="profile-card__body">
        <Avatar person={profile.person} size={136} />
        <div className="profile-card__who">
          <h1 id="profile-name" className="profile-card__login"><PersonName person={profile.person} /></h1>
          {profile.fullName && <p className="profile-card__name">{profile.fullName}</p>}
          {children && <div className="profile-card__actions">{children}</div>}
        </div>
      </div>
      {facts.length > 0 && (
        <dl className="profile-card__facts">
          {facts.map(([term, value]) => (
            <div key={term} className="profile-card__fact"><dt>{term}</dt><dd>{value}</dd></div>
          ))}
        </dl>
      )}
    </section>
  );
}
