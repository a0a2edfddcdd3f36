/**
 * A size cap for what signed-in users upload (avatars, chat and review images). Editors and
 * admins keep the larger global limit for posters, clips and tracks. Runs after Directus has
 * resolved who is calling, before its own /files route reads the body.
 */
import { ContentTooLargeError, ForbiddenError } from '@directus/errors';
import { USER_UPLOAD_MAX_BYTES } from '../../../../shared/rules.ts';
import { onlyRealImages } from './images.ts';
import type { Register } from './types.ts';

/** Room for the multipart envelope around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

export function registerUploadRules({ init, filter }: Register): void {
  /**
   * A file row without content (JSON `POST /files`) is never a user's upload: real uploads create
   * their row without events, so this filter only ever sees the empty kind.
   */
  filter('files.create', (payload, _meta, { accountability }) => {
    const who = accountability as (typeof accountability & { app?: boolean }) | null;
    if (who && !who.admin && !who.app) throw new ForbiddenError();
    return payload;
  });

  init('routes.before', ({ app }) => {
    app.post('/files', (req, _res, next) => {
      const who = req.accountability;
      if (!who || who.admin || who.app) return next();
      const length = Number(req.headers['content-length'] ?? NaN);
      if (!Number.isFinite(length) || length > USER_UPLOAD_MAX_BYTES + ENVELOPE_BYTES) return next(new ContentTooLargeError());
      next();
    });
    app.post('/files', onlyRealImages);
    /** Users upload from their device only: an import by URL would skip both checks above. */
    app.post('/files/import', (req, _res, next) => next(req.accountability?.admin || req.accountability?.app ? undefined : new ForbiddenError()));
  });
}
