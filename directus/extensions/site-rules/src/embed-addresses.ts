/**
 * A player's address (shared/embed-address.ts) is checked wherever a title or an episode is written,
 * for every caller: the player frames it on every viewer's page.
 */
import { EMBED_ADDRESS_ERROR, EMBED_FIELDS, isEmbedAddress } from '../../../../shared/embed-address.ts';
import { invalid } from '../../shared/errors.ts';
import type { Payload, Register } from './types.ts';

export function registerEmbedAddressRules({ filter }: Register): void {
  for (const [collection, fields] of Object.entries(EMBED_FIELDS)) {
    const check = (payload: Payload): Payload => {
      for (const field of fields) {
        const address: unknown = payload[field];
        if (field in payload && address !== null && address !== '' && !isEmbedAddress(address)) invalid(EMBED_ADDRESS_ERROR);
      }
      return payload;
    };
    filter(`${collection}.items.create`, check);
    filter(`${collection}.items.update`, check);
  }
}
