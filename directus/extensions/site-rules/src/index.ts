/** Rules of the backend, run on every read and write whoever makes it: vocabularies, form rules, roles. */
import { defineHook } from '@directus/extensions';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import { pace } from '../../shared/pace.ts';
import { registerAlertRules } from './alerts.ts';
import { registerBatchDeleteCheck } from './batch-delete-body.ts';
import { registerBulkWrites } from './bulk-writes.ts';
import { registerChatRules } from './chat.ts';
import { registerCommunityRules } from './community.ts';
import { registerFileRules } from './files.ts';
import { registerFileKindRules } from './file-kinds.ts';
import { registerFriendshipRules } from './friendships.ts';
import { registerGraphqlReads } from './graphql-reads.ts';
import { registerUtilityRoutes } from './utility-routes.ts';
import { registerSearchBodyCheck } from './search-body.ts';
import { registerDatabaseErrors } from './database-errors.ts';
import { readAll } from './image-facts.ts';
import { registerMarkRules } from './marks.ts';
import { registerNestingLimits } from './nesting.ts';
import { registerNoSniff } from './no-sniff.ts';
import { registerOwnReactionRule } from './own-reactions.ts';
import { registerQueryGuard } from './query-guard.ts';
import { registerQueryShapeCheck } from './query-shape-check.ts';
import { registerReactionRemovals } from './reaction-removals.ts';
import { registerReviewDeletions } from './review-deletions.ts';
import { registerRealtimeRules } from './realtime.ts';
import { registerAddressCheck } from './request-address.ts';
import { registerSegmentRules } from './segments.ts';
import { isReleaseYear, releaseYearError } from './release-years.ts';
import { BIRTH_DATE_ERROR, isBirthDateSoFar } from './birth-dates.ts';
import { registerServerHealth } from './server-health.ts';
import { registerShownNameRule } from './shown-names.ts';
import { registerSlugRules } from './slugs.ts';
import { registerDeclaredValues } from './declared-values.ts';
import { registerCategoryNameRules } from './category-names.ts';
import { registerOwnPresets } from './own-presets.ts';
import { BANNER_LINK_ERROR, isBannerLink } from '../../../../shared/banner-link.ts';
import { registerFieldValueRule } from './field-values.ts';
import { registerFormerSlugs } from './former-slugs.ts';
import { registerNewVideo } from './new-video.ts';
import { EMBED_ADDRESS_ERROR, EMBED_FIELDS, isEmbedAddress } from '../../../../shared/embed-address.ts';
import { NAME_PAINT_ERROR, isNamePaint } from '../../../../shared/name-paint.ts';
import { registerSocketFrameLimit } from './socket-size.ts';
import { registerSocketSessions } from './socket-sessions.ts';
import { registerStaticSettingsRules } from './static-settings.ts';
import { registerTextCharacterRule } from './text-characters.ts';
import { registerTitleRules } from './titles.ts';
import { registerTitleCategoryRules } from './title-categories.ts';
import { registerTitleRemovalRules } from './title-removal.ts';
import { registerTaxonomyRemovalRules } from './taxonomy-removal.ts';
import { registerTitleDateRules } from './title-date.ts';
import { registerErrorWords } from './error-words.ts';
import { registerStaffNotices } from './staff-notices.ts';
import { registerUploadRules } from './uploads.ts';
import { registerUserRules } from './users.ts';
import { registerUserRemoval } from './user-removal.ts';
import { registerWriteAccess } from './write-access.ts';
import { registerWatchedRules } from './watched.ts';
import { registerWithheldVideos } from './withheld-videos.ts';
import { registerWriteListCheck } from './write-lists.ts';

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

  registerNoSniff(register);
  registerAddressCheck(register);
  registerQueryShapeCheck(register, (err) => logger.error(err));
  registerSearchBodyCheck(register);
  registerBatchDeleteCheck(register);
  registerWriteListCheck(register, getSchema);
  registerBulkWrites(register, services.ItemsService, getSchema);
  registerDatabaseErrors(register);
  registerNestingLimits(register);
  registerQueryGuard(register);
  registerGraphqlReads(register, Number(env['GRAPHQL_QUERY_TOKEN_LIMIT']), (caller) => new services.GraphQLService(caller).getSchema());
  registerUtilityRoutes(register);
  registerServerHealth(register, async () => new services.ServerService({ schema: await getSchema(), accountability: null }).health());
  registerRealtimeRules(register, { database, getSchema, logError: (err) => logger.error(err), env });
  registerSocketFrameLimit(register);
  registerSocketSessions(register, database, (err) => logger.error(err));
  registerWriteAccess(register);
  registerTextCharacterRule(register);
  // Before a category's name is checked as part of an address: a blank one is told as blank.
  registerShownNameRule(register);
  // Before the titles' rules, which check the slug made here.
  registerSlugRules(register);
  registerCategoryNameRules(register);
  registerOwnPresets(register);
  registerTitleRules(register);
  registerTitleCategoryRules(register);
  registerTitleRemovalRules(register);
  registerTaxonomyRemovalRules(register);
  registerTitleDateRules(register);
  registerErrorWords(register);
  registerStaffNotices(register);
  // A player's address is framed on every viewer's page; a shop's name colour painted wherever its wearer is named.
  registerFieldValueRule(register, EMBED_FIELDS, isEmbedAddress, EMBED_ADDRESS_ERROR);
  registerFieldValueRule(register, { shop: ['nameColor'] }, isNamePaint, NAME_PAINT_ERROR);
  registerFieldValueRule(register, { mainBanners: ['link'] }, isBannerLink, BANNER_LINK_ERROR);
  registerFieldValueRule(register, { titles: ['releaseYear'] }, isReleaseYear, releaseYearError);
  registerFieldValueRule(register, { actors: ['dob'] }, isBirthDateSoFar, BIRTH_DATE_ERROR);
  // A poster is a picture, an episode's video a video, a soundtrack audio: in its field and while it is shown there.
  registerFileKindRules(register, database);
  registerStaticSettingsRules(register);
  registerMarkRules(register);
  const edit = pace('edit', env, 'Слишком много правок подряд.');
  registerCommunityRules(register, {
    comment: pace('comment', env, 'Слишком много комментариев подряд.'),
    post: pace('post', env, 'Слишком много записей подряд.'),
    edit,
    supportRequest: pace('supportRequest', env, 'Слишком много обращений подряд.'),
    reaction: pace('reaction', env, 'Слишком много реакций подряд.'),
  }, deleteFiles);
  registerOwnReactionRule(register);
  registerReactionRemovals(register);
  registerReviewDeletions(register, services.ItemsService, getSchema, (err) => logger.error(err));
  registerChatRules(register, deleteFiles, {
    message: pace('message', env, 'Слишком много сообщений подряд.'),
    edit,
    open: pace('chatOpen', env, 'Слишком много новых чатов подряд.'),
  });
  registerFriendshipRules(register, { request: pace('friendRequest', env, 'Слишком много заявок в друзья подряд.') });
  registerFileRules(register);
  registerUserRules(register, readStored, {
    emailChange: pace('emailChange', env, 'Слишком много попыток сменить email.'),
    passwordChange: pace('passwordChange', env, 'Слишком много смен пароля подряд.'),
  }, async (user, password) => {
    const auth = new services.AuthenticationService({ knex: database, schema: await getSchema() });
    return auth.verifyPassword(user, password).then(() => true, () => false);
  });
  registerUserRemoval(register, deleteFiles);
  registerUploadRules(register, database, pace('upload', env, 'Слишком много загрузок подряд.'));
  registerAlertRules(register, (err) => logger.error(err));
  registerWithheldVideos(register, (err) => logger.error(err));
  registerSegmentRules(register);
  registerWatchedRules(register, pace('watched', env, 'Слишком много отметок подряд.'), (err) => logger.error(err));
  // Last: a collection's own rules say first what is wrong in their words.
  registerDeclaredValues(register);
  // After every rule that may refuse the write: it writes the slug a row leaves.
  registerFormerSlugs(register);
  // Likewise: it takes away what was timed in an episode's old video, in the write's own transaction where it has one.
  registerNewVideo(register, async () => {
    // Clearing the cache is an admin's act to Directus: the backend acts as one here.
    const accountability = { role: null, roles: [], user: null, admin: true, app: false, ip: null };
    await new services.UtilsService({ knex: database, schema: await getSchema(), accountability }).clearCache({ system: false });
  }, (err) => logger.error(err));
});
