import { describe, expect, it } from 'vitest';
import { createSocketBudget, MAX_SUBSCRIPTIONS_PER_SOCKET, SOCKETS_PER_ADDRESS } from './socket-budget.ts';

const socket = () => ({});

describe('a socket\'s subscriptions', () => {
  const full = () => {
    const budget = createSocketBudget<object>();
    const client = socket();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) expect(budget.subscribing(client, `s${i}`)).toBe(true);
    return { budget, client };
  };

  it('are taken up to the cap, and refused past it', () => {
    const { budget, client } = full();
    expect(budget.subscribing(client, 'one more')).toBe(false);
    expect(budget.subscribing(socket(), 'one more'), 'another socket has its own').toBe(true);
  });

  it('take a name held already again when full: a resubscription replaces its subscription', () => {
    const { budget, client } = full();
    expect(budget.subscribing(client, 's0')).toBe(true);
  });

  it('make room as one is ended by name, or all are ended at once', () => {
    const { budget, client } = full();
    budget.unsubscribed(client, 's3');
    expect(budget.subscribing(client, 'new')).toBe(true);
    expect(budget.subscribing(client, 'newer')).toBe(false);
    budget.unsubscribed(client);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) expect(budget.subscribing(client, i)).toBe(true);
  });

  it('count each one without a name apart', () => {
    const budget = createSocketBudget<object>();
    const client = socket();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) expect(budget.subscribing(client, undefined)).toBe(true);
    expect(budget.subscribing(client, undefined)).toBe(false);
  });

  it('name a number and its text alike, as Directus does', () => {
    const budget = createSocketBudget<object>();
    const client = socket();
    budget.subscribing(client, 7);
    budget.unsubscribed(client, '7');
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) expect(budget.subscribing(client, `s${i}`)).toBe(true);
  });
});

describe('an address\'s sockets', () => {
  it('are taken up to the allowance, refused past it, and counted again as they close', () => {
    const budget = createSocketBudget<object>(3);
    const open = [socket(), socket(), socket()];
    for (const s of open) expect(budget.opened(s, '203.0.113.5')).toBe(true);
    const refused = socket();
    expect(budget.opened(refused, '203.0.113.5')).toBe(false);
    expect(budget.opened(socket(), '198.51.100.7'), 'another address has its own').toBe(true);
    budget.closed(refused);
    expect(budget.opened(socket(), '203.0.113.5'), 'a refused socket frees nothing as it closes').toBe(false);
    budget.closed(open[0]!);
    budget.closed(open[0]!);
    expect(budget.opened(socket(), '203.0.113.5')).toBe(true);
    expect(budget.opened(socket(), '203.0.113.5'), 'a socket closed twice frees one place').toBe(false);
  });

  it('keep the default allowance for a setting that is not a whole number of one or more', () => {
    for (const setting of [undefined, 0, -5, 2.5, Number.NaN]) {
      const budget = createSocketBudget<object>(setting);
      for (let i = 0; i < SOCKETS_PER_ADDRESS; i++) expect(budget.opened(socket(), 'a')).toBe(true);
      expect(budget.opened(socket(), 'a'), String(setting)).toBe(false);
    }
  });
});
