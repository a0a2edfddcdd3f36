/**
 * media-chrome's controls of an uploaded file (the elements the player uses, nothing more), speaking
 * Russian. media-chrome is chosen for its controller: the controls are plain elements in our page, so
 * our own overlays share the fullscreen stage with them, which a <video controls> cannot give.
 */
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-playback-rate-button.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';

addTranslation('ru', {
  'Enter fullscreen mode': 'Во весь экран',
  'Exit fullscreen mode': 'Выйти из полноэкранного режима',
  'enter fullscreen mode': 'во весь экран',
  'exit fullscreen mode': 'выйти из полноэкранного режима',
  Mute: 'Выключить звук',
  Unmute: 'Включить звук',
  mute: 'выключить звук',
  unmute: 'включить звук',
  Play: 'Смотреть',
  Pause: 'Пауза',
  play: 'смотреть',
  pause: 'пауза',
  'Playback rate': 'Скорость',
  'Playback rate {playbackRate}': 'Скорость {playbackRate}',
  'current playback rate': 'текущая скорость',
  'video player': 'видеоплеер',
  'audio player': 'аудиоплеер',
  volume: 'громкость',
  seek: 'перемотка',
  'playback time': 'время просмотра',
  'media loading': 'загрузка видео',
  'Network Error': 'Ошибка сети',
  'Decode Error': 'Ошибка воспроизведения',
  'Source Not Supported': 'Формат не поддерживается',
  'A network error caused the media download to fail.': 'Видео не загрузилось из-за ошибки сети.',
  hour: 'час',
  hours: 'ч',
  minute: 'минута',
  minutes: 'мин',
  second: 'секунда',
  seconds: 'с',
  '{time} remaining': 'осталось {time}',
  '{currentTime} of {totalTime}': '{currentTime} из {totalTime}',
  'video not loaded, unknown time.': 'видео не загружено, время неизвестно.',
});
setLanguage('ru');
