/**
 * The own profile screens' store: the lists of the tabs (marks, favourite actors, new-episode
 * alerts, invoices) as remote lists, and what the person does there — an item taken off a list,
 * alerts marked read, a decoration saved, the avatar changed, the profile saved — each a task with
 * its pending state and the message of its failure. Signed-in code only.
 */
import { atom } from 'nanostores';
import type { MarkType } from '../../../shared/rules.ts';
import { uploadPicture, type ProfileChange } from '../../lib/directus/account.ts';
import { removeMark } from '../../lib/directus/marks.ts';
import { markPlanNoticesRead, readInvoices, readUnreadPlanNotices, type PlanNoticeRow } from '../../lib/directus/payments.ts';
import { reasonOf } from '../../lib/directus/request-error.ts';
import { remoteList } from '../../ui/remote-list.ts';
import { task, taskPerKey } from '../../ui/task.ts';
import { saveProfile } from '../account/index.ts';
import { removeFavoriteActor } from '../actor/index.ts';
import { planNoticesSeen, readAlerts as markAlertsRead, readAllAlerts } from './alerts-store.ts';
import {
  deleteUpload, readAlerts, readFavoriteActors, readMarks, readShopItems, type FavoriteActorRow, type Mark, type ShopItem, type ShopType,
} from './directus.ts';

/** How many items a page of the profile's lists shows. */
export const PROFILE_PAGE_SIZE = 20;
/** How many invoices a page of the payment history shows. */
const HISTORY_PAGE = 10;

export interface MarkQuery { userId: string; type: MarkType }

export const markList = () => remoteList(
  (q: MarkQuery, page, removed) => readMarks(q.userId, q.type, { page, pageSize: PROFILE_PAGE_SIZE, removed }),
  { pageSize: PROFILE_PAGE_SIZE },
);

export const favoriteActorList = () => remoteList(
  (userId: string, page, removed) => readFavoriteActors(userId, { page, pageSize: PROFILE_PAGE_SIZE, removed }),
  { pageSize: PROFILE_PAGE_SIZE },
);

export const alertList = () => remoteList((_: null, page) => readAlerts(page, PROFILE_PAGE_SIZE), { pageSize: PROFILE_PAGE_SIZE });

export const invoiceList = () => remoteList((_: null, page) => readInvoices(page, HISTORY_PAGE), { pageSize: HISTORY_PAGE });

export const actorOf = (row: FavoriteActorRow) => (typeof row.actor === 'object' && row.actor ? row.actor : null);

/** A removal that failed, told with the name of what stayed on the list. */
class RemovalFailed extends Error {}

/** Runs a removal; a failure says what was not taken off (whatever the backend answered). */
async function removing(work: Promise<void>, failure: string): Promise<void> {
  try {
    await work;
  } catch (err) {
    throw new RemovalFailed(failure, { cause: err });
  }
}

const removalFailure = (err: unknown) => (err instanceof RemovalFailed ? err.message : 'Не удалось убрать из списка, попробуйте ещё раз');

/** Taking a mark off its list (keyed by the mark); the backend confirms before it leaves the screen. */
export const markRemoval = taskPerKey(
  (id: number, mark: Mark) => removing(removeMark(id), `Не удалось убрать ${mark.title ? `«${mark.title.name}»` : 'отметку'} из списка, попробуйте ещё раз`),
  removalFailure,
);

/** Taking an actor off the favourites (keyed by the favourite row). */
export const favoriteActorRemoval = taskPerKey(
  (id: number, row: FavoriteActorRow) => removing(removeFavoriteActor(id), `Не удалось убрать «${actorOf(row)?.nameRu ?? 'актёра'}» из избранных, попробуйте ещё раз`),
  removalFailure,
);

/** Alerts marked read: the ones given, or every unread one (null); the account icon's count drops with them. */
export const alertsReading = task(
  (ids: number[] | null) => (ids ? markAlertsRead(ids, ids.length) : readAllAlerts()),
  () => 'Не удалось отметить прочитанным, попробуйте ещё раз',
);

/** The reminders that the plan ends or has ended, unread until shown here. */
export const $planNotices = atom<PlanNoticeRow[]>([]);

/**
 * Shows the unread reminders, then marks them read, so the account icon's count drops; answers how
 * to stop, as reminders that came once the section was gone were never shown and stay unread. A
 * reminder that cannot be read now waits for the next visit; the plan line says the same.
 */
export function showPlanNotices(): () => void {
  let live = true;
  $planNotices.set([]);
  readUnreadPlanNotices()
    .then(async (rows) => {
      if (!live) return;
      $planNotices.set(rows);
      await markPlanNoticesRead(rows.map((n) => n.id));
      planNoticesSeen(0);
    })
    .catch((err: unknown) => console.error(err));
  return () => { live = false; };
}

/** The shop's published decorations; null until read. */
export const $shopItems = atom<ShopItem[] | null>(null);

/** Reads the shop again each time the tab opens. */
export const shopLoading = task(async () => {
  $shopItems.set(null);
  $shopItems.set(await readShopItems());
}, () => 'Не удалось загрузить украшения.');

function decorChange(type: ShopType, id: number | null): ProfileChange {
  if (type === 'nameColor') return { nameColor: id };
  if (type === 'frame') return { frame: id };
  return { background: id };
}

/** A decoration worn (an item's id) or taken off (null), each block (keyed by its type) on its own. */
export const decorSaving = taskPerKey(
  (type: ShopType, id: number | null) => saveProfile(decorChange(type, id)),
  'Не удалось сохранить, попробуйте ещё раз',
);

/** The profile's edit form saved; the stored profile becomes the backend's answer. */
export const profileSaving = task((change: ProfileChange) => saveProfile(change), 'Не удалось сохранить, попробуйте ещё раз');

/** The picture did not upload: the profile was not asked to change. */
class UploadFailed extends Error {}

/**
 * A new avatar: the picture is uploaded, then set. When the profile refuses it (a GIF without a
 * plan, as the backend checks the stored bytes) the upload is taken back and the refusal told as it is.
 */
export const avatarChange = task(async (file: File) => {
  let uploaded: string;
  try {
    uploaded = await uploadPicture(file);
  } catch (err) {
    throw new UploadFailed('avatar upload', { cause: err });
  }
  try {
    await saveProfile({ avatar: uploaded });
  } catch (err) {
    deleteUpload(uploaded).catch((cleanup: unknown) => console.error(cleanup));
    throw err;
  }
}, (err) => (err instanceof UploadFailed
  ? reasonOf(err.cause, 'Не удалось загрузить картинку, попробуйте ещё раз')
  : reasonOf(err, 'Не удалось сменить аватар, попробуйте ещё раз')));
