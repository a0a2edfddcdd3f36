import { describe, expect, it } from 'vitest';
import { SOCIAL_LINK_MAX } from '../../../schema/collections.ts';
import { refusalOf } from '../../shared/errors.ts';
import { NOT_TEXT } from './values.ts';
import { checkStaticSettings, NOT_A_WEB_ADDRESS } from './static-settings.ts';

const reason = (payload: Record<string, unknown>) => refusalOf(() => checkStaticSettings(payload));

describe('the static settings an editor writes', () => {
  it('take web addresses for the links, and nothing to clear them', () => {
    const longest = `https://vk.com/${'a'.repeat(SOCIAL_LINK_MAX - 'https://vk.com/'.length)}`;
    for (const vk of [longest, 'https://vk.com/dorama', 'http://vk.com/dorama', ' https://t.me/dorama ', '', null]) expect(reason({ vk, telegram: vk })).toBeNull();
  });

  it('store a link trimmed, as it was checked', () => {
    expect(checkStaticSettings({ vk: ' https://vk.com/dorama\n', aboutText: ' О нас ' })).toEqual({ vk: 'https://vk.com/dorama', aboutText: ' О нас ' });
  });

  it('refuse a link that is not a web address, whatever its type', () => {
    for (const vk of [`https://vk.com/${'a'.repeat(SOCIAL_LINK_MAX)}`, 'vk.com/dorama', 'javascript:alert(1)', 'data:text/html,x', 'ftp://vk.com', 5, { a: 1 }, ['https://vk.com'], true]) {
      expect(reason({ vk })).toBe(NOT_A_WEB_ADDRESS);
      expect(reason({ telegram: vk })).toBe(NOT_A_WEB_ADDRESS);
    }
  });

  it('take the pages’ texts as text and refuse anything else', () => {
    expect(reason({ aboutText: '<p>О нас</p>', copyrightText: null })).toBeNull();
    for (const text of [{ x: 1 }, [1], 7, false]) expect(reason({ privacyPolicyText: text })).toBe(NOT_TEXT);
  });

  it('leave the fields not sent alone', () => {
    expect(reason({ updatesImage: null })).toBeNull();
  });
});
