/** Rules of the backend, run on every read and write whoever makes it (spec sections 3, 5 and 6). */
import { defineHook } from '@directus/extensions';
import { createRateLimiter } from '@directus/api/rate-limiter';
import { CHAT_RATE, USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import { registerAlertRules } from './alerts.ts';
import { registerChatRules } from './chat.ts';
import { registerCommunityRules } from './community.ts';
import { registerFileRules } from './files.ts';
import { readAll } from './image-facts.ts';
import { registerMarkRules } from './marks.ts';
import { registerNestingLimits } from './nesting.ts';
import { registerOwnReactionRule } from './own-reactions.ts';
import { registerQueryGuard } from './query-guard.ts';
import { registerRealtimeRules } from './realtime.ts';
import { registerTitleRules } from './titles.ts';
import { registerUploadRules } from './uploads.ts';
import { registerUserRules } from './users.ts';

export default defineHook((register, { services, database, getSchema, logger, env }) => {
  const readStored = async (fileId: string) => {
    try {
      const { stream } = await new services.AssetsService({ knex: database, schema: await getSchema() }).getAsset(fileId);
      return await readAll(stream, USER_UPLOAD_MAX_BYTES);
    } catch {
      return null;
    }
  };
  const deleteFiles = async (ids: string[]) => {
    await new services.FilesService({ knex: database, schema: await getSchema() }).deleteMany(ids);
  };

  registerNestingLimits(register);
  registerQueryGuard(register);
  registerRealtimeRules(register, database, getSchema);
  registerTitleRules(register);
  registerMarkRules(register);
  registerCommunityRules(register);
  registerOwnReactionRule(register);
  const prefix = typeof env.RATE_LIMITER_KEY_PREFIX === 'string' ? env.RATE_LIMITER_KEY_PREFIX : 'rl';
  const chatPace = createRateLimiter('RATE_LIMITER_CHAT', { keyPrefix: `${prefix}-chat`, points: CHAT_RATE.messages, duration: CHAT_RATE.seconds });
  registerChatRules(register, deleteFiles, chatPace);
  registerFileRules(register);
  registerUserRules(register, readStored);
  registerUploadRules(register, database);
  registerAlertRules(register, (err) => logger.error(err));
});
