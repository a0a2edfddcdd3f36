/**
 * Openings and endings proposed by listening to a season's uploaded episodes (`season.ts`). The
 * hook registers nothing yet: the segments collection and the job that runs an analysis after an
 * upload come with the segments data model.
 */
import { defineHook } from '@directus/extensions';

export default defineHook(() => {});
