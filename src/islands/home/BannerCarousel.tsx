/**
 * The home banner carousel: each slide shows its title, the description as rich text (cleaned
 * at build time) and 'Подробнее' when the banner links somewhere.
 */
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { SLIDER } from '../../lib/constants.ts';
import { useHydrated } from '../layout/use-hydrated.ts';
import StillSwiper from '../sliders/StillSwiper.tsx';
import './banner-carousel.css';

export interface BannerSlide {
  id: number;
  title: string;
  /** Sanitised HTML. */
  descriptionHtml: string;
  image: string | null;
  link: string | null;
}

/** The home page does not fix a pace; slow enough to read a slide. */
const HOME_AUTOPLAY_MS = 6000;

export default function BannerCarousel({ slides }: { slides: BannerSlide[] }) {
  const hydrated = useHydrated();
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
  if (!hydrated) return <StillSwiper className="banner-carousel" navigation pagination>{contents}</StillSwiper>;
  return (
    <Swiper
      className="banner-carousel"
      modules={[Navigation, Pagination, Autoplay, A11y]}
      loop={slides.length > 1}
      speed={SLIDER.speed}
      autoplay={{ delay: HOME_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }}
      navigation
      pagination={{ clickable: true }}
      a11y={{ prevSlideMessage: 'Назад', nextSlideMessage: 'Вперёд', paginationBulletMessage: 'Слайд {{index}}' }}
    >
      {contents.map((slide) => <SwiperSlide key={slide.key}>{slide}</SwiperSlide>)}
    </Swiper>
  );
}
