/**
 * The /login island: the sign-in and
 * registration forms with a switch between them, the forgotten-password form, and for someone
 * already signed in, who they are and 'Выйти'. The server renders the sign-in form; the stored
 * session and the address (#register, #forgot) decide once the island is mounted. A registration
 * ends signed in, on the page a sign-in would return to. A sign-in or sign-out in another tab is followed here.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $isSignedIn } from './session.ts';
import { $madeAccount, registration, signingIn } from './sign-in-store.ts';
import { useTask } from '../../ui/use-task.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import ForgotPasswordForm from './ForgotPasswordForm.tsx';
import RegisterForm from './RegisterForm.tsx';
import SignedInCard from './SignedInCard.tsx';
import SignInForm from './SignInForm.tsx';
import './account.css';

type View = 'signin' | 'register' | 'forgot';
const VIEWS: readonly View[] = ['signin', 'register', 'forgot'];

const TABS = [
  { view: 'signin', label: 'Вход' },
  { view: 'register', label: 'Регистрация' },
] as const;

const viewFromHash = (): View => {
  const wanted = location.hash.slice(1);
  return (VIEWS as readonly string[]).includes(wanted) ? (wanted as View) : 'signin';
};

export default function LoginScreen() {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn);
  const [view, setView] = useState<View>('signin');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  /** Signing in here: the session is stored before the page leaves, and the forms stay meanwhile. */
  const signingInNow = useTask(signingIn).pending;
  const registeringNow = useTask(registration).pending;
  const arriving = signingInNow || registeringNow;
  const madeAccount = useStore($madeAccount);
  /** A new, empty registration form after each account made here. */
  const [registrations, setRegistrations] = useState(0);

  useEffect(() => {
    const sync = () => setView(viewFromHash());
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);

  const show = (next: View) => {
    setView(next);
    if (next !== 'signin') setNotice(null);
    // The address keeps the form on reload; the query (?next=) stays as it is.
    history.replaceState(null, '', `${location.pathname}${location.search}${next === 'signin' ? '' : `#${next}`}`);
  };

  // The account was made but signing it in failed: the sign-in form takes over with the email filled in.
  useEffect(() => {
    if (!madeAccount) return;
    $madeAccount.set(null);
    setEmail(madeAccount);
    setNotice('Аккаунт создан! Войдите, чтобы начать смотреть.');
    setRegistrations((n) => n + 1);
    show('signin');
  }, [madeAccount]);

  if (hydrated && signedIn && !arriving) return <SignedInCard />;

  const tab = view === 'register' ? 'register' : 'signin';
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next = tab === 'signin' ? 'register' : 'signin';
    const target = event.key === 'Home' ? 'signin' : event.key === 'End' ? 'register' : next;
    show(target);
    document.getElementById(`account-tab-${target}`)?.focus();
  };

  return (
    <div className="account-forms">
      <div className="sign-in-tabs" role="tablist" aria-label="Вход или регистрация">
        {TABS.map((t) => (
          <button key={t.view} id={`account-tab-${t.view}`} type="button" role="tab" className="sign-in-tabs__tab"
            aria-selected={tab === t.view} aria-controls={`account-panel-${t.view}`} tabIndex={tab === t.view ? 0 : -1}
            onClick={() => show(t.view)} onKeyDown={onTabKey}>
            {t.label}
          </button>
        ))}
      </div>
      <div id="account-panel-signin" role="tabpanel" aria-labelledby="account-tab-signin" hidden={tab !== 'signin'}>
        {view === 'forgot' ? (
          <ForgotPasswordForm email={email} onEmailChange={setEmail} ready={hydrated} onBack={() => show('signin')} />
        ) : (
          <SignInForm email={email} onEmailChange={setEmail} notice={notice} ready={hydrated}
            onForgot={() => show('forgot')} onRegister={() => show('register')} />
        )}
      </div>
      {/* Kept mounted while hidden, so what was typed survives a look at the other form. */}
      <div id="account-panel-register" role="tabpanel" aria-labelledby="account-tab-register" hidden={tab !== 'register'}>
        <RegisterForm key={registrations} ready={hydrated} onSignIn={() => show('signin')} />
      </div>
    </div>
  );
}
