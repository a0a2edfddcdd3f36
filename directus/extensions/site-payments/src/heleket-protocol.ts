/**
 * The Heleket merchant protocol's signatures (the same as Cryptomus's), with no I/O: the backend's
 * client and webhook check use it, and so does the local stand-in of the gateway.
 *
 * - A call is signed over the exact bytes of its JSON body: md5(base64(body) + API key), lowercase hex.
 * - A webhook carries `sign` inside its body. The gateway signed the rest as PHP's
 *   `json_encode($data, JSON_UNESCAPED_UNICODE)` wrote it: `/` escaped as `\/`, keys in their order.
 *   Parsing and writing the body again would lose both, so the check cuts the `sign` member out of
 *   the raw bytes and signs what is left.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** The one address Heleket's documentation names as the source of its webhooks. */
export const HELEKET_WEBHOOK_SOURCE = '31.133.220.8';

export function signBody(body: string | Uint8Array, apiKey: string): string {
  const base64 = Buffer.from(body).toString('base64');
  return createHash('md5').update(base64 + apiKey).digest('hex');
}

/** Two hex signatures compared in constant time; anything else is unequal. */
export function sameSign(a: string, b: string): boolean {
  if (!/^[0-9a-f]{32}$/.test(a) || !/^[0-9a-f]{32}$/.test(b)) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** JSON as PHP's json_encode(…, JSON_UNESCAPED_UNICODE) writes it (slashes and line separators escaped). */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A webhook's body as the gateway sends it: the payload PHP-style, `sign` appended last. */
export function signedWebhook(payload: Record<string, unknown>, apiKey: string): string {
  const body = phpJson(payload);
  const sign = signBody(body, apiKey);
  return `${body.slice(0, -1)}${body.length > 2 ? ',' : ''}"sign":"${sign}"}`;
}

const WS = new Set([' ', '\t', '\n', '\r']);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i])) i++;
  return i;
}

function endOfString(text: string, i: number): number {
  if (text[i] !== '"') throw new Error('string expected');
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  throw new Error('unterminated string');
}

function endOfValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return endOfString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = endOfString(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    throw new Error('unterminated value');
  }
  let j = i;
  while (j < text.length && !WS.has(text[j]) && text[j] !== ',' && text[j] !== '}' && text[j] !== ']') j++;
  if (j === i) throw new Error('value expected');
  return j;
}

/** The top-level members of a JSON object: where each key starts and its value ends. */
function members(text: string): { key: string; start: number; valueStart: number; end: number }[] {
  const found: { key: string; start: number; valueStart: number; end: number }[] = [];
  let i = skipWs(text, 0);
  if (text[i] !== '{') throw new Error('object expected');
  i = skipWs(text, i + 1);
  if (text[i] === '}') return found;
  for (;;) {
    const start = i;
    const keyEnd = endOfString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, keyEnd);
    if (text[i] !== ':') throw new Error('colon expected');
    const valueStart = skipWs(text, i + 1);
    const end = endOfValue(text, valueStart);
    found.push({ key, start, valueStart, end });
    i = skipWs(text, end);
    if (text[i] === ',') i = skipWs(text, i + 1);
    else if (text[i] === '}') return found;
    else throw new Error('comma or end expected');
  }
}

export interface SignedBody {
  /** The body without its `sign` member, byte for byte as the gateway wrote the rest. */
  unsigned: string;
  sign: string;
  payload: Record<string, unknown>;
}

/** Splits a webhook's raw bytes into its signature and the bytes it signs; null when it has no single string `sign`. */
export function splitSign(raw: Uint8Array): SignedBody | null {
  let text: string;
  let payload: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const all = members(text);
  const signs = all.filter((m) => m.key === 'sign');
  if (signs.length !== 1) return null;
  const sign = JSON.parse(text.slice(signs[0].valueStart, signs[0].end)) as unknown;
  if (typeof sign !== 'string') return null;
  const at = all.indexOf(signs[0]);
  // Cut the member with the comma that joins it to its neighbour.
  const [from, to] = at > 0
    ? [all[at - 1].end, signs[0].end]
    : [signs[0].start, all.length > 1 ? all[1].start : signs[0].end];
  const rest = { ...(payload as Record<string, unknown>) };
  delete rest.sign;
  return { unsigned: text.slice(0, from) + text.slice(to), sign, payload: rest };
}

/** The webhook's payload when its signature holds for `apiKey`, otherwise null. */
export function verifiedWebhook(raw: Uint8Array, apiKey: string): Record<string, unknown> | null {
  const split = splitSign(raw);
  if (!split) return null;
  return sameSign(signBody(split.unsigned, apiKey), split.sign.toLowerCase()) ? split.payload : null;
}
