/** The actor's photos, advancing every 3 s (spec section 9: banner auto-advance on actor photos). */
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { BANNER_AUTOPLAY_MS, SLIDER } from '../../lib/constants.ts';

export default function PhotoSlider({ photos, name }: { photos: string[]; name: string }) {
  return (
    <Swiper
      className="photo-slider"
      modules={[Autoplay, Pagination, A11y]}
      loop={photos.length > 1}
      speed={SLIDER.speed}
      autoplay={{ delay: BANNER_AUTOPLAY_MS.actorPhotos, disableOnInteraction: false }}
      pagination={{ clickable: true }}
    >
      {photos.map((src, i) => (
        <SwiperSlide key={src}>
          <img src={src} alt={`${name}, фото ${i + 1}`} width={800} height={533} loading={i === 0 ? 'eager' : 'lazy'} style={{ width: '100%', height: 'auto', borderRadius: 12 }} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
