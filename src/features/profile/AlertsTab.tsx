/**
 * The own profile's 'Новые серии': alerts of episodes added to titles the person marks Смотрю or
 * Буду смотреть, newest first, 20 at a time; unread ones stand out and are marked read one by one
 * or all at once (the account icon's counter drops with them). An alert links the title's player
 * on its episode, and opening it marks it read.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AlertItem } from './directus.ts';
import { $unreadAlerts } from './alerts-store.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { useTask } from '../../ui/use-task.ts';
import { playerHref } from '../../lib/episode-link.ts';
import { alertList, alertsReading } from './store.ts';
import './alerts-tab.css';

/** An alert whose title nobody may read any more (taken back to draft or deleted). */
const GONE = 'Сериал снят с показа';

const dateOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }) : '');

export default function AlertsTab() {
  const [state, list] = useRemoteList(alertList);
  const unread = useStore($unreadAlerts);
  // Alerts read on this screen: the rows stay, without their highlight.
  const [read, setRead] = useState<ReadonlySet<number>>(new Set());
  const { pending: busy, error: problem, run, dismiss } = useTask(alertsReading);
  // A failure speaks of this visit to the tab only.
  useEffect(() => dismiss, [dismiss]);

  useEffect(() => { void list.show(null); }, [list]);

  const isUnread = (a: AlertItem) => !a.read && !read.has(a.id);
  const shownUnread = state.items.filter(isUnread);
  const markOne = (a: AlertItem) => run([a.id]).then((done) => done && setRead((r) => new Set([...r, a.id])));
  // Opening an alert reads it. A plain click waits for the mark before leaving, so the title page
  // counts it; a link opened elsewhere (a new tab) leaves this page to finish it. A failed mark does
  // not keep the person here.
  const open = (e: MouseEvent<HTMLAnchorElement>, a: AlertItem) => {
    if (!isUnread(a) || e.button > 1) return;
    const here = e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
    const href = e.currentTarget.href;
    if (here) e.preventDefault();
    void markOne(a).then(() => here && location.assign(href));
  };
  const markAll = () => void run(null).then((done) => done && setRead(new Set(state.items.map((a) => a.id))));

  return (
    <div className="account-list alerts">
      <h2 className="account-pane__title">
        Новые серии{!!unread && <span className="account-pane__count" aria-label={`, непрочитанных: ${unread}`}>{unread}</span>}
      </h2>
      {(shownUnread.length > 0 || !!unread) && (
        <button type="button" className="btn btn--ghost alerts__all" onClick={markAll} disabled={busy}>Отметить все прочитанными</button>
      )}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      {state.items.length > 0 && (
        <ul className="alerts__list">
          {state.items.map((a) => {
            const title = typeof a.title === 'object' ? a.title : null;
            const episode = typeof a.episode === 'object' ? a.episode : null;
            const fresh = isUnread(a);
            return (
              <li key={a.id} className={fresh ? 'alert alert--unread' : 'alert'} data-alert-id={a.id}>
                <div className="alert__text">
                  {title
                    ? <a href={playerHref(title.slug, episode?.id)} onClick={(e) => open(e, a)} onAuxClick={(e) => open(e, a)}>{title.name}</a>
                    : <span>{GONE}</span>}
                  {': '}новая серия{episode?.name ? ` «${episode.name}»` : ''}
                  <time className="alert__date" dateTime={a.date_created ?? undefined}>{dateOf(a.date_created)}</time>
                </div>
                {fresh && (
                  <button type="button" className="btn btn--ghost alert__read" onClick={() => void markOne(a)} disabled={busy}
                    aria-label={`Отметить прочитанным: ${title?.name ?? GONE.toLowerCase()}`}>
                    Прочитано
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ListFooter state={state} list={list}
        empty="Здесь появятся новые серии сериалов, которые вы отметили «Смотрю» или «Буду смотреть»." />
    </div>
  );
}
