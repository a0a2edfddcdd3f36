/**
 * The static settings an editor writes: the social links are web addresses (the header and footer
 * link to them), and the pages' texts are text, so an object or a number sent for either is refused
 * rather than stored as its JSON.
 */
import { SOCIAL_LINK_MAX, staticContent } from '../../../schema/collections.ts';
import { invalid } from '../../shared/errors.ts';
import { NOT_TEXT } from './values.ts';
import type { Payload, Register } from './types.ts';

export const NOT_A_WEB_ADDRESS = 'Ссылка должна быть адресом в интернете, начиная с https://';

const fieldsOfType = (type: string) => staticContent.fields.filter((f) => f.type === type).map((f) => f.field);
/** The settings' short text fields are the social links, its long ones the pages' texts: a field added to either is checked too. */
const LINK_FIELDS = fieldsOfType('string');
const TEXT_FIELDS = fieldsOfType('text');

function isWebAddress(text: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * Refuses the payload's links that are not web addresses (or longer than the column) and texts that
 * are not strings; empty ones clear the field. Returns the payload with its links stored trimmed, as
 * they were checked.
 */
export function checkStaticSettings(payload: Payload): Payload {
  const checked = { ...payload };
  for (const field of LINK_FIELDS) {
    const value: unknown = payload[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || value.length > SOCIAL_LINK_MAX || !isWebAddress(value.trim())) invalid(NOT_A_WEB_ADDRESS);
    checked[field] = value.trim();
  }
  for (const field of TEXT_FIELDS) {
    const value: unknown = payload[field];
    if (value !== undefined && value !== null && typeof value !== 'string') invalid(NOT_TEXT);
  }
  return checked;
}

export function registerStaticSettingsRules({ filter }: Register): void {
  for (const event of ['static.items.create', 'static.items.update']) {
    filter(event, (payload) => checkStaticSettings(payload));
  }
}
