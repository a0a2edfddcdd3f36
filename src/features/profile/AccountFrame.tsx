/**
 * The frame of the own account screens: the sidebar and the screen beside it, once the profile
 * has loaded; while it loads, or when it could not be read, it says so (with a retry).
 */
import type { ReactNode } from 'react';
import type { ProfileSection } from '../../lib/profile-tabs.ts';
import type { Me } from '../account/index.ts';
import OwnAccountPending from './OwnAccountPending.tsx';
import ProfileSidebar from './ProfileSidebar.tsx';
import { useOwnAccount } from './use-own-account.ts';
import './account.css';

interface Props {
  section?: ProfileSection | null;
  editing?: boolean;
  onNavigate?: (href: string) => void;
  children: (me: Me) => ReactNode;
}

export default function AccountFrame({ section = null, editing = false, onNavigate, children }: Props) {
  const { me, status } = useOwnAccount();
  if (!me) return <OwnAccountPending status={status} />;
  return (
    <div className="account">
      <ProfileSidebar me={me} section={section} editing={editing} onNavigate={onNavigate} />
      <div className="account-main">{children(me)}</div>
    </div>
  );
}
