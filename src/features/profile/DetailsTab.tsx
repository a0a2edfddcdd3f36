/** The Профиль tab: the person's own details, then their plan with its reminders and invoices. */
import { isoToDisplay } from '../../../shared/dob.ts';
import type { Me } from '../account/index.ts';
import PlanSection from './PlanSection.tsx';

const NOT_SET = 'Не указано';

export default function DetailsTab({ me }: { me: Me }) {
  const rows: [string, string][] = [
    ['Логин', me.login ?? NOT_SET],
    ['Имя', me.first_name || NOT_SET],
    ['Фамилия', me.last_name || NOT_SET],
    ['Email', me.email ?? NOT_SET],
    ['Дата рождения', me.dob ? isoToDisplay(me.dob) : NOT_SET],
    ['Пол', me.gender ?? NOT_SET],
  ];
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
      <PlanSection me={me} />
    </div>
  );
}
