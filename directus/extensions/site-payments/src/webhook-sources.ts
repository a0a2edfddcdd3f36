/**
 * Where the gateway's webhooks may come from (PAYMENT_WEBHOOK_IPS): addresses and CIDR ranges, IPv4 or
 * IPv6, separated by commas or spaces. Unset or blank, every address may send (the signature is checked
 * either way). A list with an entry that is neither address nor range lets nothing through until it is
 * fixed: a typo must not open what it was meant to close.
 */
import { BlockList, isIP } from 'node:net';

export interface WebhookSources {
  /** The entries that are neither address nor range. */
  invalid: string[];
  allows(address: string | null | undefined): boolean;
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Null when the variable is unset or blank: no list, every address may send. */
export function webhookSources(value: unknown): WebhookSources | null {
  // Directus hands a value with commas over as an array of its parts.
  const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (!entries.length) return null;
  const list = new BlockList();
  const invalid: string[] = [];
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    const max = isIP(address) === 6 ? 128 : 32;
    if (!isIP(address) || rest.length || Number.isNaN(bits) || (bits !== null && bits > max)) invalid.push(entry);
    else if (bits === null) list.addAddress(address, family(address));
    else list.addSubnet(address, bits, family(address));
  }
  return {
    invalid,
    allows: (address) => !invalid.length && !!address && isIP(address) !== 0 && list.check(address, family(address)),
  };
}
