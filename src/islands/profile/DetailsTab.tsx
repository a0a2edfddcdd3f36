/** The Профиль tab: the person's own details, the plan and until when it is paid when they have one. */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isoToDisplay } from '../../../shared/dob.ts';
import { readPlanName } from '../../lib/directus/profile.ts';
import { $isPremium, type Me } from '../../stores/me.ts';

const NOT_SET = 'Не указано';

/** dd.mm.yyyy of a moment, in the person's own time zone. */
const dayOf = (iso: string) => new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

function usePlanName(plan: number | null): string | null {
  const id = plan ?? null;
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    setName(null);
    if (id === null) return;
    let live = true;
    readPlanName(id)
      .then((n) => { if (live) setName(n); })
      // The plan is still shown, by number, when its name cannot be read.
      .catch((err: unknown) => { console.error(err); if (live) setName(`Тариф ${id}`); });
    return () => { live = false; };
  }, [id]);
  return id === null ? null : name ?? '…';
}

export default function DetailsTab({ me }: { me: Me }) {
  const plan = usePlanName(me.plan);
  const premium = useStore($isPremium);
  const rows: [string, string][] = [
    ['Логин', me.login ?? NOT_SET],
    ['Имя', me.first_name || NOT_SET],
    ['Фамилия', me.last_name || NOT_SET],
    ['Email', me.email ?? NOT_SET],
    ['Дата рождения', me.dob ? isoToDisplay(me.dob) : NOT_SET],
    ['Пол', me.gender ?? NOT_SET],
  ];
  if (plan) rows.push(['Подписка', plan]);
  if (plan && me.paidUntil) rows.push(['Оплачена до', dayOf(me.paidUntil)]);
  return (
    <div className="details">
      <dl className="details__list">
        {rows.map(([term, value]) => (
          <div key={term} className="details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="details__about" aria-labelledby="about-me-heading">
        <h2 id="about-me-heading" className="details__heading">О себе</h2>
        {me.aboutMe ? <p className="details__about-text">{me.aboutMe}</p> : <p className="details__empty">Вы пока ничего о себе не рассказали. <a href="/profile/edit">Рассказать</a></p>}
      </section>
      {!plan && !premium && (
        <p className="details__plan">Подписки нет. <a href="/profile/tariff">Выбрать тариф</a> — цветной ник, рамка и фон профиля.</p>
      )}
    </div>
  );
}
