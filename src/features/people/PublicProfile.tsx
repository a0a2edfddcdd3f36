/**
 * /profile/{login}, another person's profile: the login comes from the address;
 * an unknown one becomes the 404 page. Visitors read the profile and the posts; signed-in
 * people also write to the person, react and comment, and on their own profile post.
 */
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { loginHref } from '../account/return-path.ts';
import { profileHref } from '../../lib/people.ts';
import { loginFromPath, publicProfileView } from '../../lib/public-profile.ts';
import { $publicProfile, openProfile } from './store.ts';
import PersonFriends from './PersonFriends.tsx';
import PostFeed from './PostFeed.tsx';
import ProfileCard from './ProfileCard.tsx';
import { useViewer } from './use-viewer.ts';
import './profile.css';

const NOT_FOUND = '/not-found';

/** Signed-in readers' friendship buttons and message box: a visitor's page never downloads them. */
const FriendButton = lazy(() => import('./FriendButton.tsx'));
const MessageBox = lazy(() => import('./MessageBox.tsx'));

function currentLogin(): string | null {
  return loginFromPath(location.pathname);
}

export default function PublicProfile() {
  const state = useStore($publicProfile);
  const viewer = useViewer();

  useEffect(() => {
    const login = currentLogin();
    if (login) void openProfile(login);
    else location.replace(NOT_FOUND);
  }, []);

  useEffect(() => {
    if (state.status === 'missing') location.replace(NOT_FOUND);
    if (state.status === 'ready') document.title = `${state.profile.login ?? ''} — профиль — Дорамы онлайн`;
  }, [state]);

  const profile = useMemo(() => (state.status === 'ready' ? publicProfileView(state.profile) : null), [state]);

  // A login typed in another letter case finds the person; the address then shows it as they spell it.
  useEffect(() => {
    const login = state.status === 'ready' ? state.profile.login : null;
    const href = login ? profileHref(login) : null;
    if (href && href !== location.pathname) history.replaceState(history.state, '', href + location.search + location.hash);
  }, [state]);

  if (!profile) {
    return (
      <div className="public-profile">
        <h1 className="public-profile__placeholder">Профиль пользователя</h1>
        {state.status === 'error' ? (
          <p className="list-status list-status--error" role="alert">
            Не удалось загрузить профиль.{' '}
            <button type="button" className="list-status__retry" onClick={() => { const login = currentLogin(); if (login) void openProfile(login); }}>Повторить</button>
          </p>
        ) : (
          <p className="list-status" role="status">Загружаем профиль…</p>
        )}
      </div>
    );
  }

  const own = viewer.kind === 'person' && viewer.id === profile.id;
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="public-profile">
      <nav className="public-profile__crumbs" aria-label="Навигационная цепочка">
        <ol>
          <li><a href="/">Главная</a></li>
          <li><span aria-current="page">{profile.person.login}</span></li>
        </ol>
      </nav>
      <ProfileCard profile={profile}>
        {viewer.kind === 'visitor' && (
          <p className="profile-card__hint"><a href={loginHref(here)}>Войдите</a>, чтобы добавить {profile.person.login} в друзья.</p>
        )}
        {viewer.kind === 'person' && !own && (
          <Suspense fallback={null}>
            <FriendButton me={viewer.id} personId={profile.id} login={profile.person.login} />
          </Suspense>
        )}
      </ProfileCard>
      <div className="public-profile__columns">
        <aside className="public-profile__side">
          <section className="profile-panel" aria-labelledby="profile-about">
            <h2 id="profile-about" className="profile-panel__title">О себе</h2>
            {profile.about ? <p className="profile-panel__about">{profile.about}</p> : <p className="profile-panel__empty">Пользователь пока ничего о себе не рассказал.</p>}
          </section>
          {viewer.kind === 'visitor' && (
            <section className="profile-panel" aria-labelledby="profile-write">
              <h2 id="profile-write" className="profile-panel__title">Сообщение</h2>
              <p className="profile-panel__empty">
                <a href={loginHref(here)}>Войдите</a>, чтобы написать {profile.person.login}.
              </p>
            </section>
          )}
          {viewer.kind === 'person' && !own && (
            <Suspense fallback={null}>
              <MessageBox personId={profile.id} login={profile.person.login} />
            </Suspense>
          )}
          {viewer.kind === 'unknown' && (
            <p className="list-status list-status--error" role="alert">
              Не удалось загрузить ваш профиль.{' '}
              <button type="button" className="list-status__retry" onClick={viewer.retry}>Повторить</button>
            </p>
          )}
          {own && (
            <section className="profile-panel">
              <p className="profile-panel__empty">Так ваш профиль видят другие.</p>
              <a className="btn btn--ghost" href="/profile/edit">Редактировать профиль</a>
            </section>
          )}
          <PersonFriends personId={profile.id} />
        </aside>
        <PostFeed key={profile.id} authorId={profile.id} login={profile.person.login} viewer={viewer} own={own} />
      </div>
    </div>
  );
}
