/**
 * The banner's link to the player. The build renders «Смотреть», which a visitor keeps (the island
 * hydrates only for a signed-in person, `client:signed-in`, so a visitor loads no script for it); for
 * a signed-in person with a place in the title it reads «Продолжить: серия 2», and the player opens there.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $titleProgress, loadTitleProgress } from './signed-in-store.ts';
import { resumePoint } from './player.ts';
import { watchLinkLabel } from './resume-place.ts';
import { useSignedIn } from './signed-in.ts';

interface Props {
  titleId: number;
  href: string;
  /** The tab it opens in place (title-tabs.ts). */
  tab: string;
}

export default function WatchLink({ titleId, href, tab }: Props) {
  const signedIn = useSignedIn();
  const { model, saved } = useStore($titleProgress);

  useEffect(() => { if (signedIn) void loadTitleProgress(titleId); }, [signedIn, titleId]);

  const label = signedIn && model ? watchLinkLabel(model, resumePoint(model, saved)) : 'Смотреть';
  return <a className="title-banner__watch" href={href} data-tab={tab}>{label}</a>;
}
