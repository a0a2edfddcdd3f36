/**
 * What per-address limits count by: an IPv4 address itself, and an IPv6 address's /64 network. One
 * home, phone or server is given a whole /64, so counting its addresses one by one would give it
 * billions of allowances.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(address: string | null | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  // IPv4 written as IPv6 (::ffff:1.2.3.4) counts as the IPv4 address.
  const parsed = ipaddr.process(address);
  if (!(parsed instanceof ipaddr.IPv6)) return parsed.toString();
  return `${parsed.parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}
