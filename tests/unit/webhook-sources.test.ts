import { describe, expect, it } from 'vitest';
import { webhookSources } from '../../directus/extensions/site-payments/src/webhook-sources.ts';
import { HELEKET_WEBHOOK_SOURCE } from '../../directus/extensions/site-payments/src/heleket-protocol.ts';

describe('webhookSources (PAYMENT_WEBHOOK_IPS)', () => {
  it('is off when unset or blank', () => {
    for (const value of [undefined, null, '', '  ', ' , ']) expect(webhookSources(value), String(value)).toBeNull();
  });

  it('lets through the addresses and ranges listed, and nothing else', () => {
    const sources = webhookSources(`${HELEKET_WEBHOOK_SOURCE}, 203.0.113.0/24 2001:db8::/32,::1`)!;
    expect(sources.invalid).toEqual([]);
    for (const address of [HELEKET_WEBHOOK_SOURCE, '203.0.113.0', '203.0.113.255', '2001:db8::5', '::1', `::ffff:${HELEKET_WEBHOOK_SOURCE}`]) {
      expect(sources.allows(address), address).toBe(true);
    }
    for (const address of ['31.133.220.9', '203.0.114.1', '2001:db9::1', '127.0.0.1', '', null, undefined, 'localhost', '203.0.113.1.5']) {
      expect(sources.allows(address), String(address)).toBe(false);
    }
  });

  it('reads the list as Directus hands it over: a value with commas comes as an array of its parts', () => {
    const sources = webhookSources([HELEKET_WEBHOOK_SOURCE, ' 203.0.113.0/24'])!;
    expect(sources.invalid).toEqual([]);
    expect(sources.allows('203.0.113.7')).toBe(true);
  });

  it('lets nothing through while an entry is neither address nor range', () => {
    for (const bad of ['31.133.220', 'heleket.com', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x']) {
      const sources = webhookSources(`${HELEKET_WEBHOOK_SOURCE},${bad}`)!;
      expect(sources.invalid, bad).toEqual([bad]);
      expect(sources.allows(HELEKET_WEBHOOK_SOURCE), bad).toBe(false);
    }
  });
});
