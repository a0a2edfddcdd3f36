/** Value rules of the backend, run on every write whoever makes it (spec sections 3 and 5). */
import { registerChatRules } from './chat.ts';
import { registerCommunityRules } from './community.ts';
import { registerMarkRules } from './marks.ts';
import { registerPrivateFieldRules } from './private-fields.ts';
import { registerTitleRules } from './titles.ts';
import { registerUploadRules } from './uploads.ts';
import { registerUserRules } from './users.ts';
import type { Register } from './types.ts';

export default (register: Register) => {
  registerTitleRules(register);
  registerMarkRules(register);
  registerCommunityRules(register);
  registerChatRules(register);
  registerUserRules(register);
  registerUploadRules(register);
  registerPrivateFieldRules(register);
};
