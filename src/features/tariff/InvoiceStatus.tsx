/**
 * The page the gateway sends the person back to: the invoice's state as the backend confirms it
 * with the gateway, asked again every few seconds until it is final — waiting, paid (and until
 * when), underpaid with the sum still due and a link to finish, or not paid.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { PLANS } from '../../../shared/plans.ts';
import { dayOf } from '../../../shared/subscription.ts';
import { money } from './tariff.ts';
import { $invoice, retryInvoice, stopWatchingInvoice, watchInvoice } from './store.ts';
import type { InvoiceState } from '../../lib/directus/payments.ts';

const planName = (id: number) => PLANS.find((p) => p.id === id)?.name ?? `Тариф ${id}`;

function State({ invoice }: { invoice: InvoiceState }) {
  const name = planName(invoice.plan);
  const again = <a className="btn" href={`/profile/tariff?plan=${invoice.plan}`}>Выбрать тариф снова</a>;
  // Money that reached an invoice which then ended unpaid is never passed over in silence.
  const received = Number(invoice.paidAmount ?? 0) > 0;
  const receivedLine = `По счёту получено ${money(invoice.paidAmount ?? 0, invoice.due?.currency ?? invoice.currency)}: напишите нам через «Связаться с нами», и мы вернём деньги.`;
  switch (invoice.status) {
    case 'paid':
      return (
        <>
          <h2 className="invoice-state__title">Оплата прошла</h2>
          <p>«{name}» {invoice.periodEnd ? `оплачен до ${dayOf(new Date(invoice.periodEnd))}` : 'оплачен'}. Спасибо!</p>
          <p className="invoice-state__links">
            <a className="btn" href="/profile">В профиль</a>
            <a className="btn btn--ghost" href="/profile?tab=customization">Кастомизация</a>
          </p>
        </>
      );
    case 'underpaid':
      return (
        <>
          <h2 className="invoice-state__title">Оплачено не полностью</h2>
          <p>
            Получено {money(invoice.paidAmount ?? 0, invoice.due?.currency ?? invoice.currency)} из {money(invoice.amount, invoice.currency)}.
            {invoice.due && <> Осталось доплатить <strong data-testid="invoice-due">{money(invoice.due.amount, invoice.due.currency)}</strong>.</>}
          </p>
          {invoice.payUrl && <p className="invoice-state__links"><a className="btn" href={invoice.payUrl}>Доплатить</a></p>}
          <p className="invoice-state__wait" role="status">Ждём доплату: страница обновится сама.</p>
        </>
      );
    case 'pending':
      return (
        <>
          <h2 className="invoice-state__title">Ждём оплату</h2>
          <p role="status" className="invoice-state__wait">Как только платёжный шлюз подтвердит оплату, «{name}» включится: страница обновится сама.</p>
          {invoice.payUrl && <p className="invoice-state__links"><a className="btn btn--ghost" href={invoice.payUrl}>Перейти к оплате</a></p>}
        </>
      );
    case 'refunded':
      return <><h2 className="invoice-state__title">Деньги возвращены</h2><p>Оплата по этому счёту возвращена, и подписка по нему отменена.</p>{again}</>;
    case 'expired':
      if (!received) return <><h2 className="invoice-state__title">Счёт отменён</h2><p>Счёт отменён или истёк, «{name}» не оплачен. Деньги не списаны.</p>{again}</>;
      return <><h2 className="invoice-state__title">Счёт отменён</h2><p>Счёт отменён, «{name}» не оплачен. {receivedLine}</p>{again}</>;
    default:
      return <><h2 className="invoice-state__title">Оплата не прошла</h2><p>«{name}» не оплачен. {received ? receivedLine : 'Если деньги списались, напишите нам через «Связаться с нами».'}</p>{again}</>;
  }
}

export default function InvoiceStatus({ id }: { id: string }) {
  const watch = useStore($invoice);
  useEffect(() => {
    watchInvoice(id);
    return stopWatchingInvoice;
  }, [id]);

  return (
    <section className="invoice-state" aria-label="Оплата подписки" data-status={watch.status === 'ready' ? watch.invoice.status : watch.status}>
      {watch.status === 'loading' && <p className="list-status" role="status">Проверяем оплату…</p>}
      {watch.status === 'missing' && <><p className="list-status">Счёт не найден.</p><a className="btn" href="/profile/tariff">К тарифам</a></>}
      {watch.status === 'error' && (
        <p className="list-status list-status--error" role="alert">
          Не удалось узнать, оплачен ли счёт.{' '}
          <button type="button" className="list-status__retry" onClick={retryInvoice}>Повторить</button>
        </p>
      )}
      {watch.status === 'ready' && (
        <>
          <p className="invoice-state__sum">Счёт на {money(watch.invoice.amount, watch.invoice.currency)} · «{planName(watch.invoice.plan)}»</p>
          <State invoice={watch.invoice} />
        </>
      )}
    </section>
  );
}
