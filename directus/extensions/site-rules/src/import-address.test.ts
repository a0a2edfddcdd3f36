import { describe, expect, it } from 'vitest';
import { IMPORT_HOST_UNKNOWN, IMPORT_INTERNAL, IMPORT_NEEDS_WEB_ADDRESS, importRefusal, isDeniedAddress } from './import-address.ts';

const resolvesTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const unknownHost = async () => { throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' }); };

describe('isDeniedAddress', () => {
  it('denies this machine, private and shared networks, link-local and IPv4 written as IPv6', () => {
    for (const ip of ['0.0.0.0', '0.1.2.3', '127.0.0.1', '127.8.8.8', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fd00:ec2::254', 'fe80::1']) {
      expect(isDeniedAddress(ip), ip).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const ip of ['8.8.8.8', '::ffff:8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700::1111']) expect(isDeniedAddress(ip), ip).toBe(false);
  });
});

describe('importRefusal', () => {
  it('takes only http and https addresses', async () => {
    for (const url of [42, null, ['https://a.example/x.png'], '', 'not a url', 'file:///etc/passwd', 'ftp://a.example/x', 'gopher://a.example/']) {
      expect(await importRefusal(url, resolvesTo('93.184.216.34')), String(url)).toBe(IMPORT_NEEDS_WEB_ADDRESS);
    }
  });

  it('refuses an address written as, or resolving to, an internal one', async () => {
    for (const url of ['http://0.0.0.0:8055/', 'http://127.0.0.1/x', 'http://[::1]/x', 'http://[::ffff:7f00:1]/x', 'http://2130706433/x', 'http://0x7f.1/x', 'http://169.254.169.254/latest/meta-data/']) {
      expect(await importRefusal(url, resolvesTo('93.184.216.34')), url).toBe(IMPORT_INTERNAL);
    }
    expect(await importRefusal('https://inside.example/x.png', resolvesTo('93.184.216.34', '10.0.0.5'))).toBe(IMPORT_INTERNAL);
  });

  it('lets a public address through, and says so when its server is unknown', async () => {
    expect(await importRefusal('https://cdn.example/poster.jpg', resolvesTo('93.184.216.34'))).toBeNull();
    expect(await importRefusal('https://nowhere.example/poster.jpg', unknownHost)).toBe(IMPORT_HOST_UNKNOWN);
  });
});
