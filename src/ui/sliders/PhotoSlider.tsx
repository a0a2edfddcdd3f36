/**
 * An actor's photos, advancing every 3 s with clickable dots. Server-rendered; the
 * page's start-sliders.ts makes it slide (slider-options.ts says how), so it needs no island.
 */
import 'swiper/css';
import 'swiper/css/pagination';
import StillSwiper from './StillSwiper.tsx';

export default function PhotoSlider({ images, name }: { images: string[]; name: string }) {
  const slides = images.map((src, i) => (
    <img key={src} src={src} alt={`${name}, фото ${i + 1}`} width={800} height={533} loading={i === 0 ? 'eager' : 'lazy'} />
  ));
  return <StillSwiper className="photo-slider" label={`${name}: фото`} pagination slider="photos">{slides}</StillSwiper>;
}
