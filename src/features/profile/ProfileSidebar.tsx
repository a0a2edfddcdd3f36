/**
 * The own profile's sidebar: the avatar in its frame over the chosen wallpaper,
 * the name in its colour, the edit link, and the menu — the two sections, messages, sign out and
 * deleting the profile.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { assetUrl } from '../../lib/assets.ts';
import { personView } from '../../lib/people.ts';
import { PROFILE_SECTIONS, sectionHref, type ProfileSection } from '../../lib/profile-tabs.ts';
import { $chatUnread } from '../chat/for-signed-in.ts';
import type { Me } from '../account/index.ts';
import { ProfileIcon } from '../../ui/icons.tsx';
import { ChatIcon, HeartIcon, LogoutIcon, PencilIcon, TrashIcon } from './icons.tsx';
import { Avatar, PersonName } from '../people/index.ts';
import DeleteAccountDialog from './DeleteAccountDialog.tsx';
import { inPlace } from './in-place.ts';
import { signOutHere } from './use-own-account.ts';

const SECTION_ICONS = { profile: ProfileIcon, lists: HeartIcon } as const;

interface Props {
  me: Me;
  /** The section shown beside the sidebar; none on the edit screen. */
  section?: ProfileSection | null;
  /** The edit screen is open. */
  editing?: boolean;
  /** Opens a section in place (the profile screen); links load the page otherwise. */
  onNavigate?: (href: string) => void;
}

/** Messages, with the chat's unread count once it is known. */
function MessagesLink() {
  const unread = useStore($chatUnread);
  return (
    <a className="account-menu__item" href="/messages">
      <ChatIcon /><span>Сообщения</span>
      {unread !== null && unread > 0 && <span className="account-menu__badge" aria-label={`непрочитанных: ${unread}`}>{unread}</span>}
    </a>
  );
}

export default function ProfileSidebar({ me, section = null, editing = false, onNavigate }: Props) {
  const [deleting, setDeleting] = useState(false);
  const person = personView(me);
  const wallpaper = assetUrl(typeof me.background === 'object' ? me.background?.backgroundFile : null, 'banner');
  const fullName = [me.first_name, me.last_name].filter(Boolean).join(' ');

  const signOutNow = () => void signOutHere();

  return (
    <aside className="account-side" aria-label="Личный кабинет">
      <div className={wallpaper ? 'account-card account-card--wallpaper' : 'account-card'}
        style={wallpaper ? { backgroundImage: `url("${wallpaper}")` } : undefined} data-testid="account-card">
        <Avatar person={person} size={112} />
        <div className="account-card__names">
          <PersonName person={person} className="account-card__login" />
          {fullName && <span className="account-card__full">{fullName}</span>}
        </div>
        <a className="account-card__edit" href="/profile/edit" aria-current={editing ? 'page' : undefined}><PencilIcon /><span>Редактировать профиль</span></a>
      </div>
      <nav className="account-menu" aria-label="Меню профиля">
        {PROFILE_SECTIONS.map(({ section: s, label }) => {
          const Icon = SECTION_ICONS[s];
          return (
            <a key={s} className="account-menu__item" href={sectionHref(s)} aria-current={section === s ? 'true' : undefined} onClick={onNavigate ? inPlace(onNavigate, sectionHref(s)) : undefined}>
              <Icon /><span>{label}</span>
            </a>
          );
        })}
        <MessagesLink />
        <button type="button" className="account-menu__item" onClick={signOutNow}><LogoutIcon /><span>Выйти</span></button>
        <button type="button" className="account-menu__item account-menu__item--danger" onClick={() => setDeleting(true)}>
          <TrashIcon /><span>Удалить профиль</span>
        </button>
      </nav>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </aside>
  );
}
