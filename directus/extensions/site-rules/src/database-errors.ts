/**
 * A value the database cannot take is the caller's mistake, told as a 400. PostgreSQL refuses what
 * SQLite lets by: `abc` or `1.5` for a whole number, `notadate` for a date, a number past its column's
 * range, a text holding a NUL byte, an average of texts. Directus answers such errors with a 500
 * "unexpected error" (of a write's, it translates a few kinds). Nothing is written when the database
 * refuses: the statement, and its transaction, fail whole.
 */
import { InvalidPayloadError, InvalidQueryError } from '@directus/errors';
import type { NextFunction, Request, Response } from 'express';
import { BAD_TEXT_CHARACTER } from '../../../../shared/text-characters.ts';
import type { Register } from './types.ts';

/**
 * The reason for an error that is the request's values at fault, by the database's SQLSTATE; or a date
 * JavaScript cannot hold (`$NOW(-99999999999 years)`, which Directus computes before it asks); null otherwise.
 */
export function valueErrorReason(err: unknown): string | null {
  if (err instanceof RangeError && err.message === 'Invalid time value') return 'Неверная дата или время';
  const code = err && typeof err === 'object' && 'code' in err ? err.code : null;
  if (typeof code !== 'string') return null;
  if (code === '22021' || code === '22P05') return BAD_TEXT_CHARACTER;
  if (code === '22007' || code === '22008') return 'Неверная дата или время';
  if (code === '22003') return 'Число вне допустимого диапазона';
  if (code === '42883') return 'Эта функция не применима к полю';
  // Class 22, data exceptions: a value that does not fit its column's type (22P02 above all).
  if (code.startsWith('22')) return 'Значение не подходит к типу поля';
  return null;
}

/**
 * Whether a read named a column its statement does not make: a grouped aggregate sorted by an
 * operation's name (`sort=count` beside `aggregate[count]=id`), which Directus passes to the database.
 */
export function isMissingColumn(err: unknown): boolean {
  if (!err || typeof err !== 'object' || !('code' in err)) return false;
  return err.code === '42703' || (err.code === 'SQLITE_ERROR' && err instanceof Error && err.message.includes('no such column'));
}

export const MISSING_COLUMN = 'В ответе на запрос нет такого поля';

/** The 400 for an error that is the request's values at fault (a read's query or a write's payload); null otherwise. */
export function valueError(err: unknown, of: 'read' | 'write' = 'read'): InstanceType<typeof InvalidQueryError> | InstanceType<typeof InvalidPayloadError> | null {
  // Of a write, a missing column is the schema's fault, not the caller's: left a 500.
  const reason = valueErrorReason(err) ?? (of === 'read' && isMissingColumn(err) ? MISSING_COLUMN : null);
  if (!reason) return null;
  return of === 'read' ? new InvalidQueryError({ reason }) : new InvalidPayloadError({ reason });
}

const isRead = (method: string) => method === 'GET' || method === 'SEARCH' || method === 'HEAD';

export function registerDatabaseErrors({ init }: Register): void {
  // After every route, before Directus's own error handler, which answers any error not its own with a 500.
  init('routes.custom.after', ({ app }) => {
    app.use((err: unknown, req: Request, _res: Response, next: NextFunction) => {
      next(valueError(err, isRead(req.method) ? 'read' : 'write') ?? err);
    });
  });
}
