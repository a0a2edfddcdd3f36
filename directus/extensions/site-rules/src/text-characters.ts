/** Every write of items, accounts and files is refused before it is made when its text holds what no text may (shared/text-characters.ts). */
import { invalid } from '../../shared/errors.ts';
import { textProblem } from '../../../../shared/text-characters.ts';
import type { Payload, Register } from './types.ts';

/** Collections' items, accounts and files: what members, editors and the admin app write. */
const WRITES = ['items.create', 'items.update', 'users.create', 'users.update', 'files.create', 'files.update'];

export function registerTextCharacterRule({ filter }: Register): void {
  const check = (payload: Payload): Payload => {
    const problem = textProblem(payload);
    if (problem) invalid(problem);
    return payload;
  };
  for (const event of WRITES) filter(event, check);
}
