/**
 * Кастомизация: an accordion of three blocks — name colour, profile frame, background — each
 * listing the shop's published items with a preview, saved to the profile or cleared. Without
 * the plan a block asks for a subscription (a Премиум subscriber, for the move up to Премиум+,
 * which alone has the frame and wallpaper); the backend refuses the save too, and should it
 * answer so (a plan that ended meanwhile), its reason is shown as it is.
 */
import { PLANS } from '../../../shared/plans.ts';
import { ROLES } from '../../../shared/rules.ts';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ShopItem, ShopType } from './directus.ts';
import { assetUrl, avatarUrl } from '../../lib/assets.ts';
import { nameLook } from '../../lib/people.ts';
import { $isPremium, $isPremiumPlus, type Me } from '../account/index.ts';
import { useTask } from '../../ui/use-task.ts';
import { $shopItems, decorSaving, shopLoading } from './store.ts';
import { Avatar, PersonName } from '../people/index.ts';

interface Block {
  type: ShopType;
  title: string;
  choose: string;
  needs: string;
  /** Only Премиум+ has it: a Премиум subscriber is offered the move up, not a plan they already pay for. */
  plusOnly: boolean;
}

const BLOCKS: Block[] = [
  { type: 'nameColor', title: 'Цвет ника', choose: 'Выберите цвет ника', needs: 'Цвет ника доступен с подпиской «Премиум» или «Премиум+».', plusOnly: false },
  { type: 'frame', title: 'Рамка профиля', choose: 'Выберите рамку', needs: 'Рамка профиля доступна с подпиской «Премиум+».', plusOnly: true },
  { type: 'background', title: 'Фон профиля', choose: 'Выберите фон', needs: 'Фон профиля доступен с подпиской «Премиум+».', plusOnly: true },
];

const BASIC = PLANS.find((p) => p.role === ROLES.premium)!;
const PLUS = PLANS.find((p) => p.role === ROLES.premiumPlus)!;

/** What a block says when the plan does not allow it: buy one, or (on Премиум) move up to Премиум+. */
function Locked({ block, premium, waiting }: { block: Block; premium: boolean; waiting: string | null }) {
  // The prompt's words are the same for everyone; a Премиум subscriber is told which plan has it.
  const upgrade = premium && block.plusOnly;
  return (
    <div className="decor__locked">
      <p className="decor__locked-title">Нужна подписка</p>
      <p className="decor__locked-text">
        {upgrade
          ? `${block.needs} У вас «${BASIC.name}»: перейдите на «${PLUS.name}» — оставшиеся дни не пропадут, они пересчитаются по цене тарифов.`
          : block.needs}
      </p>
      {waiting && (
        <p className="decor__locked-text">
          «{waiting}» остаётся выбранным: его снова увидят, как только вы {upgrade ? `перейдёте на «${PLUS.name}»` : 'продлите подписку'}.
        </p>
      )}
      <a className="btn" href={block.plusOnly ? `/profile/tariff?plan=${PLUS.id}` : '/profile/tariff'}>Купить подписку</a>
    </div>
  );
}

type FileRef = string | { id: string } | null | undefined;
const fileId = (ref: FileRef) => (typeof ref === 'object' && ref ? ref.id : ref ?? null);

function worn(me: Me, type: ShopType): number | null {
  const item = me[type];
  return typeof item === 'object' && item ? item.id : item ?? null;
}

/** A decoration the plan's end took off, waiting for a renewal to be worn again. */
function kept(me: Me, type: ShopType): number | null {
  const k = me.keptDecorations as Partial<Record<ShopType, number>> | null;
  return typeof k?.[type] === 'number' ? k[type] : null;
}

/** How an item looks on this person: the name painted, the avatar framed, the card on the wallpaper. */
function Look({ me, type, item, size }: { me: Me; type: ShopType; item: ShopItem | null; size: 'tile' | 'preview' }) {
  const login = me.login ?? '';
  const avatar = avatarUrl(me.avatar);
  if (type === 'nameColor') {
    return <PersonName person={{ login, href: null, name: nameLook(item) }} className={`look-name look-name--${size}`} />;
  }
  if (type === 'frame') {
    return <Avatar person={{ avatar, frame: assetUrl(fileId(item?.frameProfile)) }} size={size === 'tile' ? 56 : 96} />;
  }
  const wallpaper = assetUrl(fileId(item?.backgroundFile), size === 'tile' ? 'genre' : 'banner');
  return (
    <span className={`look-wall look-wall--${size}`} style={wallpaper ? { backgroundImage: `url("${wallpaper}")` } : undefined}>
      {size === 'preview' && <Avatar person={{ avatar, frame: null }} size={64} />}
    </span>
  );
}

function DecorBlock({ me, block, items, allowed, premium, open }: { me: Me; block: Block; items: ShopItem[]; allowed: boolean; premium: boolean; open: boolean }) {
  const current = worn(me, block.type);
  const waiting = kept(me, block.type);
  const [chosen, setChosen] = useState<number | null>(current ?? waiting);
  const { pending: busy, error, run, dismiss } = useTask(decorSaving.of(block.type));
  // What the last save did, once it worked.
  const [done, setDone] = useState<string | null>(null);
  // A failure speaks of this visit to the tab only.
  useEffect(() => dismiss, [dismiss]);
  const chosenItem = items.find((i) => i.id === chosen) ?? null;
  const currentItem = items.find((i) => i.id === current) ?? null;
  const waitingItem = items.find((i) => i.id === waiting) ?? null;

  const save = async (id: number | null) => {
    setDone(null);
    if (!(await run(id))) return;
    setChosen(id);
    setDone(id === null ? 'Украшение снято' : 'Сохранено');
  };

  return (
    <details className="decor" name="decor" open={open} data-decor={block.type}>
      <summary className="decor__summary">
        <span className="decor__title">{block.title}</span>
        <span className="decor__current">{currentItem?.name ?? (waitingItem ? `${waitingItem.name} — ждёт продления` : 'Не выбрано')}</span>
      </summary>
      <div className="decor__body">
        <div className="decor__preview" aria-label="Предпросмотр" role="img">
          <Look me={me} type={block.type} item={chosenItem} size="preview" />
        </div>
        {items.length === 0 ? <p className="list-status">В магазине пока нет таких украшений.</p> : (
          <fieldset className="decor__choices">
            <legend className="visually-hidden">{block.choose}</legend>
            {items.map((item) => (
              <label key={item.id} className="decor__choice">
                <input type="radio" name={`decor-${block.type}`} value={item.id} checked={chosen === item.id}
                  onChange={() => { setChosen(item.id); setDone(null); dismiss(); }} />
                <span className="decor__look" aria-hidden="true"><Look me={me} type={block.type} item={item} size="tile" /></span>
                <span className="decor__name">{item.name}</span>
              </label>
            ))}
          </fieldset>
        )}
        {!allowed && <Locked block={block} premium={premium} waiting={waitingItem?.name ?? null} />}
        <div className="decor__actions">
          {allowed && (
            <button type="button" className="btn" disabled={busy || chosen === null || chosen === current} onClick={() => void save(chosen)}>
              Сохранить
            </button>
          )}
          {/* Taking a decoration off needs no plan: someone whose plan ended can still do it. */}
          {(current !== null || waiting !== null) && (
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void save(null)}>Снять</button>
          )}
        </div>
        {done && <p className="form-ok" role="status">{done}</p>}
        {error && <p className="form-error" role="alert">{error}</p>}
      </div>
    </details>
  );
}

export default function CustomizationTab({ me }: { me: Me }) {
  const premium = useStore($isPremium);
  const premiumPlus = useStore($isPremiumPlus);
  const items = useStore($shopItems);
  const { error: failed, run: load } = useTask(shopLoading);
  useEffect(() => { void load(); }, [load]);

  const allowed: Record<ShopType, boolean> = { nameColor: premium, frame: premiumPlus, background: premiumPlus };
  return (
    <div className="decor-list">
      <h2 className="account-pane__title">Кастомизация</h2>
      {failed && (
        <p className="list-status list-status--error" role="alert">
          {failed} <button type="button" className="list-status__retry" onClick={() => void load()}>Повторить</button>
        </p>
      )}
      {!items && !failed && <p className="list-status" role="status">Загружаем…</p>}
      {items && BLOCKS.map((block, i) => (
        <DecorBlock key={block.type} me={me} block={block} items={items.filter((x) => x.type === block.type)} allowed={allowed[block.type]} premium={premium} open={i === 0} />
      ))}
    </div>
  );
}
