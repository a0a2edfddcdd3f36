/**
 * The emoji picker (emoji-picker-react, native emoji, Russian names and labels) opening on the
 * chat's quick reactions. Loaded only when first opened.
 */
import EmojiPicker, { Categories, type CategoryConfig } from 'emoji-picker-react';
import { EMOJI_QUICK_REACTIONS } from '../../lib/chat-constants.ts';

/** The picker names an emoji by its code points in hex ('2764-fe0f' for the red heart). */
const unified = (emoji: string) => [...emoji].map((c) => c.codePointAt(0)!.toString(16)).join('-');
const QUICK_REACTIONS = EMOJI_QUICK_REACTIONS.map(unified);

/**
 * The sections' names, written as a heading is in Russian: the dataset's own are lower-case
 * («люди и тело»), and the picker capitalises every word of them (chat.css undoes that).
 */
const CATEGORIES: CategoryConfig[] = [
  { category: Categories.SUGGESTED, name: 'Недавние' },
  { category: Categories.SMILEYS_PEOPLE, name: 'Смайлики и люди' },
  { category: Categories.ANIMALS_NATURE, name: 'Животные и природа' },
  { category: Categories.FOOD_DRINK, name: 'Еда и напитки' },
  { category: Categories.TRAVEL_PLACES, name: 'Путешествия и места' },
  { category: Categories.ACTIVITIES, name: 'Занятия' },
  { category: Categories.OBJECTS, name: 'Предметы' },
  { category: Categories.SYMBOLS, name: 'Символы' },
  { category: Categories.FLAGS, name: 'Флаги' },
];

const LABELS = {
  searchPlaceholder: 'Поиск эмодзи',
  searchLabel: 'Найти эмодзи',
  searchClear: 'Очистить',
  searchResultsNone: 'Ничего не найдено',
  searchResultsOne: 'Найден 1 эмодзи',
  searchResultsMany: 'Найдено: %n',
  categoryNavigation: 'Разделы эмодзи',
  reactions: 'Быстрые реакции',
  expandReactions: 'Все эмодзи',
  loading: 'Загрузка…',
  loadingError: 'Не удалось загрузить эмодзи',
  retryLoading: 'Повторить',
};

export default function EmojiPanel({ onPick, dark }: { onPick: (emoji: string) => void; dark: boolean }) {
  return (
    <EmojiPicker
      reactionsDefaultOpen
      reactions={QUICK_REACTIONS}
      emojiStyle="native"
      theme={dark ? 'dark' : 'light'}
      emojiData={() => import('emoji-picker-react/data/emojis-ru')}
      labels={LABELS}
      categories={CATEGORIES}
      suggestedEmojisMode="recent"
      lazyLoadEmojis
      width="var(--chat-emoji-width, 320px)"
      height={380}
      previewConfig={{ showPreview: false }}
      onEmojiClick={(e) => onPick(e.emoji)}
      onReactionClick={(e) => onPick(e.emoji)}
    />
  );
}
