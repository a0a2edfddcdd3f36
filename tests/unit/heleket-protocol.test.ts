import { describe, expect, it } from 'vitest';
import {
  phpJson, sameSign, signBody, signedWebhook, splitSign, verifiedWebhook,
} from '../../directus/extensions/site-payments/src/heleket-protocol.ts';

const KEY = 'TEST_PAYMENT_KEY';
const bytes = (s: string) => new TextEncoder().encode(s);

describe('Heleket signatures', () => {
  it('signs the check vector as the gateway does', () => {
    const body = '{"amount":"299.00","currency":"RUB","order_id":"sub_42_m1","url_callback":"https://example.test/hooks/heleket","lifetime":3600}';
    expect(signBody(body, KEY)).toBe('633731701013fe3caa5b9b5ac04e1618');
    expect(signBody(bytes(body), KEY)).toBe('633731701013fe3caa5b9b5ac04e1618');
  });

  it('writes JSON as PHP does: slashes and line separators escaped, Cyrillic kept', () => {
    expect(phpJson({ url: 'https://a.b/c', text: 'Премиум\u2028' })).toBe('{"url":"https:\\/\\/a.b\\/c","text":"Премиум\\u2028"}');
  });

  it('compares signatures of 32 hex digits only', () => {
    const s = signBody('{}', KEY);
    expect(sameSign(s, s)).toBe(true);
    expect(sameSign(s, s.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).toBe(false);
    expect(sameSign(s, `${s}0`)).toBe(false);
    expect(sameSign(s, '')).toBe(false);
  });
});

describe('webhook check on the raw bytes', () => {
  const payload = {
    type: 'payment', uuid: 'a0b1', order_id: 'o-1', amount: '399.00', status: 'paid', is_final: true,
    url: 'https://pay.example/a0b1', additional_data: 'Премиум', payer_amount: 1.5,
  };

  it('accepts a PHP-style body, where JSON.stringify of the parsed body would not match', () => {
    const raw = signedWebhook(payload, KEY);
    expect(raw).toContain('https:\\/\\/pay.example\\/a0b1');
    expect(verifiedWebhook(bytes(raw), KEY)).toEqual(payload);
    const { sign, ...rest } = JSON.parse(raw) as Record<string, unknown>;
    expect(signBody(JSON.stringify(rest), KEY)).not.toBe(sign);
  });

  it('finds the sign wherever it stands and keeps the rest byte for byte', () => {
    const body = phpJson(payload);
    const sign = signBody(body, KEY);
    const first = `{"sign":"${sign}",${body.slice(1)}`;
    expect(splitSign(bytes(first))?.unsigned).toBe(body);
    const middle = body.replace(',"amount"', `,"sign":"${sign}","amount"`);
    expect(splitSign(bytes(middle))?.unsigned).toBe(body);
    expect(verifiedWebhook(bytes(middle), KEY)).toEqual(payload);
  });

  it('refuses a wrong, missing, doubled or non-string sign, a changed body, another key and bad bytes', () => {
    const raw = signedWebhook(payload, KEY);
    expect(verifiedWebhook(bytes(raw), 'OTHER_KEY')).toBeNull();
    expect(verifiedWebhook(bytes(raw.replace('"399.00"', '"1.00"')), KEY)).toBeNull();
    expect(verifiedWebhook(bytes(phpJson(payload)), KEY)).toBeNull();
    expect(verifiedWebhook(bytes(raw.replace(/"sign":"[0-9a-f]+"/, '"sign":12345')), KEY)).toBeNull();
    const sign = JSON.parse(raw).sign as string;
    expect(verifiedWebhook(bytes(raw.replace('{', `{"sign":"${sign}",`)), KEY)).toBeNull();
    expect(verifiedWebhook(bytes('[1,2]'), KEY)).toBeNull();
    expect(verifiedWebhook(Uint8Array.from([0x7b, 0xff, 0x7d]), KEY)).toBeNull();
    expect(verifiedWebhook(bytes(''), KEY)).toBeNull();
  });

  it('reads nested values and escaped quotes without losing its place', () => {
    const nested = { convert: { to: 'USDT', rate: '0.01' }, list: [1, [2, '}']], note: 'a "quoted" \\ }' };
    const raw = signedWebhook(nested, KEY);
    expect(verifiedWebhook(bytes(raw), KEY)).toEqual(nested);
  });
});
