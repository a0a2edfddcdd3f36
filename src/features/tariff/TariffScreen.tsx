/**
 * /profile/tariff: the two plans side by side, the payment
 * method (one: the crypto gateway), what the payment will do to the person's plan, and «Оплатить».
 * Coming back from the gateway (`?invoice=`) it shows that invoice's state instead. A visitor is
 * sent to sign in and brought back.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PAYMENT_GATEWAYS, type PaymentGateway } from '../../../shared/plans.ts';
import { money, purchaseOutcome } from './tariff.ts';
import type { Me } from '../account/index.ts';
import { $plans, $purchase, buy, loadPlans } from './store.ts';
import { OwnAccountPending, useOwnAccount } from '../profile/for-signed-in.ts';
import InvoiceStatus from './InvoiceStatus.tsx';
import './tariff.css';

const GATEWAY_NAMES: Record<PaymentGateway, { name: string; note: string }> = {
  heleket: { name: 'Криптовалюта', note: 'USDT, BTC, TON и другие через Heleket' },
};

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

function Plans({ me }: { me: Me }) {
  const plans = useStore($plans);
  const purchase = useStore($purchase);
  const current = me.plan ?? null;
  const asked = Number(new URLSearchParams(location.search).get('plan'));
  const [chosen, setChosen] = useState<number>(asked === 1 || asked === 2 ? asked : current ?? 1);
  const [gateway, setGateway] = useState<PaymentGateway>(PAYMENT_GATEWAYS[0]);

  useEffect(() => { void loadPlans(); }, []);

  if (plans.status === 'loading') return <p className="list-status" role="status">Загружаем тарифы…</p>;
  if (plans.status === 'error') {
    return (
      <p className="list-status list-status--error" role="alert">
        Не удалось загрузить тарифы.{' '}
        <button type="button" className="list-status__retry" onClick={() => void loadPlans()}>Повторить</button>
      </p>
    );
  }
  const outcome = purchaseOutcome({ plan: current, paidUntil: dateOf(me.paidUntil) }, chosen, new Date());

  return (
    <form className="tariff" onSubmit={(e) => { e.preventDefault(); void buy(me.id, chosen, gateway); }}>
      <fieldset className="tariff__plans">
        <legend className="tariff__legend">Тариф</legend>
        {plans.value.map((plan) => (
          <label key={plan.id} className={plan.id === chosen ? 'plan-card plan-card--chosen' : 'plan-card'} data-plan={plan.id}>
            <input className="plan-card__radio" type="radio" name="plan" value={plan.id} checked={plan.id === chosen} onChange={() => setChosen(plan.id)}
              aria-labelledby={`plan-${plan.id}-name`} aria-describedby={`plan-${plan.id}-price plan-${plan.id}-features`} />
            <span className="plan-card__head">
              <span className="plan-card__name" id={`plan-${plan.id}-name`}>{plan.name}</span>
              {plan.id === current && <span className="plan-card__badge">Ваш тариф</span>}
            </span>
            <span className="plan-card__price" id={`plan-${plan.id}-price`}><strong>{money(plan.price, plan.currency)}</strong> в месяц</span>
            <ul className="plan-card__features" id={`plan-${plan.id}-features`}>
              {(plan.features ?? []).map((f) => <li key={f}>{f}</li>)}
            </ul>
          </label>
        ))}
      </fieldset>
      <fieldset className="tariff__methods">
        <legend className="tariff__legend">Способ оплаты</legend>
        {PAYMENT_GATEWAYS.map((g) => (
          <label key={g} className="pay-method">
            <input type="radio" name="gateway" value={g} checked={gateway === g} onChange={() => setGateway(g)} />
            <span className="pay-method__name">{GATEWAY_NAMES[g].name}</span>
            <span className="pay-method__note">{GATEWAY_NAMES[g].note}</span>
          </label>
        ))}
      </fieldset>
      <p className={`tariff__outcome tariff__outcome--${outcome.kind}`} data-testid="tariff-outcome">{outcome.text}</p>
      {outcome.loses && <p className="tariff__loses" data-testid="tariff-loses">{outcome.loses}</p>}
      {purchase.status === 'error' && <p className="form-error" role="alert">{purchase.message}</p>}
      <button type="submit" className="btn tariff__pay" disabled={purchase.status === 'busy'}>
        {purchase.status === 'busy' ? 'Создаём счёт…' : 'Оплатить'}
      </button>
      <p className="tariff__fine">Подписка не продлевается сама: каждый период оплачивается отдельно. Мы напомним за 7, 3 и 1 день до конца.</p>
    </form>
  );
}

export default function TariffScreen() {
  const { me, status } = useOwnAccount();
  const invoice = new URLSearchParams(location.search).get('invoice');
  if (!me) return <OwnAccountPending status={status} />;
  return invoice ? <InvoiceStatus id={invoice} /> : <Plans me={me} />;
}
