/**
 * The home banner carousel: each slide shows its title, the description as rich text (cleaned
 * at build time) and 'Подробнее' when the banner links somewhere. Server-rendered; the page's
 * start-sliders.ts makes it slide (slider-options.ts says how).
 */
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import StillSwiper from '../../ui/sliders/StillSwiper.tsx';
import './banner-carousel.css';

export interface BannerSlide {
  id: number;
  title: string;
  /** Sanitised HTML. */
  descriptionHtml: string;
  image: string | null;
  link: string | null;
}

export default function BannerCarousel({ slides }: { slides: BannerSlide[] }) {
  const contents = slides.map((s, i) => (
    <div key={s.id} className="banner-slide">
      {s.image && <img className="banner-slide__image" src={s.image} alt="" width={1600} height={600} loading={i === 0 ? 'eager' : 'lazy'} />}
      <div className="banner-slide__text">
        <h2 className="banner-slide__title">{s.title}</h2>
        <div className="banner-slide__description" dangerouslySetInnerHTML={{ __html: s.descriptionHtml }} />
        {s.link && <a className="banner-slide__more" href={s.link}>Подробнее</a>}
      </div>
    </div>
  ));
  return <StillSwiper className="banner-carousel" navigation pagination slider="banner">{contents}</StillSwiper>;
}
