/**
 * The plan on the own profile: «Премиум до 26.12.2026 · осталось 29 дн.» with «Продлить», the
 * reminders that it ends or has ended (read once shown, so the account icon's count drops), and
 * the invoice history — date, plan, sum, status, and a link to pay while one is open.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { PLANS } from '../../../shared/plans.ts';
import { dayOf, planLine, planNoticeText } from '../../../shared/subscription.ts';
import type { InvoiceRow, PlanNoticeRow } from '../../lib/directus/payments.ts';
import { INVOICE_STATUS_WORDS, invoiceMoment, money } from '../tariff/index.ts';
import type { Me } from '../account/index.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { $planNotices, invoiceList, showPlanNotices } from './store.ts';
const nameOf = (plan: number | { name?: string | null } | null | undefined, id?: number | null) =>
  (typeof plan === 'object' && plan?.name) || PLANS.find((p) => p.id === (typeof plan === 'number' ? plan : id))?.name || 'Премиум';

function Notices() {
  const notices = useStore($planNotices);
  useEffect(showPlanNotices, []);
  if (!notices.length) return null;
  // Days are counted now, so reminders of one period that come together say the same: shown once.
  const now = new Date();
  const shown = new Map<string, { kind: PlanNoticeRow['kind']; heading: string; text: string }>();
  for (const n of notices) {
    const said = planNoticeText({ kind: n.kind, planName: nameOf(n.plan), paidUntil: new Date(n.paidUntil) }, now);
    shown.set(said.heading, { kind: n.kind, ...said });
  }
  return (
    <ul className="plan-notices" aria-label="Напоминания о подписке">
      {[...shown.values()].map(({ kind, heading, text }) => (
        <li key={heading} className={`plan-notice plan-notice--${kind}`} role="status">
          <strong>{heading}</strong> {text}
        </li>
      ))}
    </ul>
  );
}

function History() {
  const [state, list] = useRemoteList(invoiceList);
  useEffect(() => { void list.show(null); }, [list]);
  return (
    <section className="invoices" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="details__heading">История платежей</h2>
      {state.items.length > 0 && (
        <table className="invoices__table">
          <thead><tr><th scope="col">Дата</th><th scope="col">Тариф</th><th scope="col">Сумма</th><th scope="col">Статус</th><th scope="col"><span className="visually-hidden">Действие</span></th></tr></thead>
          <tbody>
            {state.items.map((inv: InvoiceRow) => (
              <tr key={inv.id} data-invoice={inv.id}>
                <td className="invoices__date">{inv.date_created ? invoiceMoment(new Date(inv.date_created)) : ''}</td>
                <td className="invoices__plan">{nameOf(inv.plan)}</td>
                <td className="invoices__sum">{money(inv.amount, inv.currency)}</td>
                <td className="invoices__status">{INVOICE_STATUS_WORDS[inv.status]}{inv.status === 'paid' && inv.periodEnd ? `, до ${dayOf(new Date(inv.periodEnd))}` : ''}</td>
                <td className="invoices__action">
                  {(inv.status === 'pending' || inv.status === 'underpaid') && inv.payUrl
                    ? <a href={inv.payUrl}>Оплатить</a>
                    : <a href={`/profile/tariff?invoice=${inv.id}`}>Подробнее</a>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ListFooter state={state} list={list} empty="Платежей пока не было." />
    </section>
  );
}

export default function PlanSection({ me }: { me: Me }) {
  const plan = me.plan ?? null;
  const until = me.paidUntil ? new Date(me.paidUntil) : null;
  const active = plan !== null && until !== null && until.getTime() > Date.now();
  return (
    <section className="plan-section" aria-labelledby="plan-heading">
      <h2 id="plan-heading" className="details__heading">Подписка</h2>
      <Notices />
      {active ? (
        <p className="plan-line">
          <span data-testid="plan-line">{planLine(nameOf(plan), until, new Date())}</span>
          <a className="btn" href={`/profile/tariff?plan=${plan}`}>Продлить</a>
        </p>
      ) : (
        <p className="details__plan">Подписки нет. <a href="/profile/tariff">Выбрать тариф</a> — серии для подписчиков, цветной ник, рамка и фон профиля.</p>
      )}
      <History />
    </section>
  );
}
