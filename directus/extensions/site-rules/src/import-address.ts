/**
 * Where an editor's import of a file by its address may go: a public http(s) address. Directus checks
 * the address it connects to against the same networks (IMPORT_IP_DENY_LIST), which also holds when a
 * name resolves differently a moment later; this answers a clear 400 before it tries.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { IMPORT_DENIED_NETWORKS } from '../../../../shared/rules.ts';

export const IMPORT_NEEDS_WEB_ADDRESS = 'Адрес файла должен начинаться с http:// или https://';
export const IMPORT_HOST_UNKNOWN = 'Сервер по адресу файла не найден';
export const IMPORT_INTERNAL = 'Файлы нельзя загружать с адресов внутренней сети';

const ipType = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

const denied = new BlockList();
for (const entry of IMPORT_DENIED_NETWORKS) {
  const [address, prefix] = entry.split('/') as [string, string | undefined];
  if (prefix === undefined) denied.addAddress(address, ipType(address));
  else denied.addSubnet(address, Number(prefix), ipType(address));
}

export const isDeniedAddress = (ip: string): boolean => denied.check(ip, ipType(ip));

/** Why an import may not fetch `url`, or null when it may. */
export async function importRefusal(url: unknown, resolve = (host: string) => lookup(host, { all: true })): Promise<string | null> {
  if (typeof url !== 'string' || !URL.canParse(url)) return IMPORT_NEEDS_WEB_ADDRESS;
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return IMPORT_NEEDS_WEB_ADDRESS;
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).then((found) => found.map((a) => a.address), () => null);
  if (addresses === null || addresses.length === 0) return IMPORT_HOST_UNKNOWN;
  return addresses.some(isDeniedAddress) ? IMPORT_INTERNAL : null;
}
