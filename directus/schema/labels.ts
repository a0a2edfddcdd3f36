/**
 * What editors read in the admin app: the Russian name of every collection and field, a short note
 * where a field's purpose is not obvious, the words for stored values of a choice, and the columns
 * of a collection's list. Kept apart from the model (collections.ts) and keyed by collection and
 * field, so a field is added there and named here; `labelled()` puts both together for the apply
 * step, and a unit test keeps every collection and field named.
 */
import { RELEASE_YEARS } from '../../shared/rules.ts';
import type { CollectionDef, FieldDef } from './define.ts';

export const LABEL_LANGUAGE = 'ru-RU';

/** A field's name, or its name with a note and the words for its stored values. */
export type FieldLabel = string | { name: string; note?: string; choices?: Record<string, string> };

export interface CollectionLabel {
  /**
   * The singular in the genitive, lower case: Directus's Russian header of an item's form is
   * «Создание {singular}» / «Редактирование {singular}» («Создание дорамы»), one string for every collection.
   */
  singular: string;
  plural: string;
  /** Shown under the collection's name in the admin app. */
  note?: string;
  fields: Record<string, FieldLabel>;
  /** The columns of the collection's list in the admin app, and its order. */
  list?: { fields: string[]; sort: string[] };
}

/** Fields many collections share, named once. */
const COMMON: Record<string, FieldLabel> = {
  id: 'ID',
  sort: 'Порядок',
  date_created: 'Создано',
  date_updated: 'Изменено',
  user_created: 'Автор',
};

const SOURCE: FieldLabel = {
  name: 'Источник видео',
  note: 'Что играет плеер: «Встроенный плеер» — страница по адресу из поля «Плеер (iframe)», «Видеофайл» — загруженный файл',
  choices: { iframe: 'Встроенный плеер', video: 'Видеофайл' },
};

const SLUG: FieldLabel = {
  name: 'Адрес страницы',
  note: 'Латиница, цифры и дефисы. Пустой заполнится из названия; после смены прежний адрес ведёт на новый',
};

/** A junction of a many-to-many link: its two sides. */
const junction = (singular: string, plural: string, sides: Record<string, string>): CollectionLabel => ({
  singular, plural, note: 'Служебная связь: правится в форме записи', fields: sides,
});

export const LABELS: Record<string, CollectionLabel> = {
  titles: {
    singular: 'дорамы', plural: 'Дорамы и фильмы', note: 'Дорамы, лакорны, аниме и фильмы каталога',
    fields: {
      status: {
        name: 'Статус', note: 'Посетители видят только опубликованные',
        choices: { draft: 'Черновик', published: 'Опубликован', archived: 'В архиве' },
      },
      slug: SLUG,
      name: 'Название',
      originalName: 'Оригинальное название',
      anotherName: 'Другое название',
      description: 'Описание',
      poster: 'Постер',
      releaseYear: { name: 'Год выхода', note: `От ${RELEASE_YEARS.min} до года на ${RELEASE_YEARS.ahead} лет вперёд` },
      releaseStatus: 'Статус выхода',
      ageRating: {
        name: 'Возрастной рейтинг',
        choices: { '0+': '0+ — для всех', '6+': '6+ — старше 6 лет', '12+': '12+ — старше 12 лет', '16+': '16+ — старше 16 лет', '18+': '18+ — только взрослым' },
      },
      views: { name: 'Просмотры', note: 'Считает сайт' },
      ratingAverage: { name: 'Средняя оценка', note: 'Считает сайт' },
      ratingCount: { name: 'Оценок', note: 'Считает сайт' },
      releaseOrder: { name: 'Год для сортировки', note: 'Заполняется автоматически' },
      promo: { name: 'Промо', note: 'Показывать в баннере своей категории (в баннере до трёх дорам)' },
      category: 'Категория',
      subCategory: 'Подкатегория',
      country: 'Страна',
      countSeasons: 'Сезонов',
      countEpisodes: 'Серий',
      genres: 'Жанры',
      actors: 'Актёры',
      directors: 'Режиссёры',
      screenwriters: 'Сценаристы',
      images: 'Кадры',
      tags: 'Теги',
      relatedTitles: { name: 'Вам может понравиться', note: 'Эти дорамы показываются первыми, в этом порядке; остальные сайт подбирает по сходству' },
      typeSource: {
        name: 'Устройство плеера',
        note: '«Без сезонов» — один список серий, «Сезоны» — серии по сезонам, «Одиночный» — одно видео (фильм)',
      },
      source: SOURCE,
      iframe: { name: 'Плеер (iframe)', note: 'Адрес встроенного плеера одиночного видео' },
      video: { name: 'Видеофайл', note: 'Одиночное видео, если источник — видеофайл' },
      iframeSeries: { name: 'Плеер всех серий', note: 'Адрес встроенного плеера со всеми сериями, если он один на сериал' },
      series: 'Серии',
      iframeSeasons: 'Сезоны',
      soundtracks: 'Саундтреки',
      comments: 'Отзывы',
      applyFoundSegments: {
        name: 'Применять сразу',
        note: 'Найденные по звуку заставки и титры сразу видны зрителям, без подтверждения редактором',
      },
      segmentSearch: {
        name: 'Поиск заставок',
        note: 'Заставки и титры ищутся сами после загрузки видеофайла серии или по кнопке «Найти заставки»',
        choices: { queued: 'В очереди', running: 'Идёт', done: 'Готово', failed: 'Не удался' },
      },
      segmentSearchNote: { name: 'Итог поиска заставок', note: 'Сколько отрезков предложено или почему их нет' },
      segmentSearchSince: { name: 'Отметка поиска заставок', note: 'Когда поиск встал в очередь или последний раз отметился, пока идёт; заполняется автоматически' },
      segmentSearchAsked: { name: 'Сезоны для поиска заставок', note: 'Сезоны, в которых поиск ещё не начат; заполняется автоматически' },
      searchText: { name: 'Текст для поиска', note: 'Заполняется автоматически' },
      searchNames: { name: 'Названия для поиска', note: 'Заполняется автоматически' },
      searchBody: { name: 'Описание для поиска', note: 'Заполняется автоматически' },
      searchOpens: { name: 'Открыт из поиска', note: 'Сколько раз дораму открыли из поиска; считает сайт' },
    },
    list: { fields: ['poster', 'name', 'category', 'status', 'date_updated'], sort: ['-date_updated'] },
  },
  iframeSeasons: {
    singular: 'сезона', plural: 'Сезоны', note: 'Сезоны дорам с устройством плеера «Сезоны»',
    fields: {
      title: 'Дорама', name: 'Название', series: 'Серии',
      segments: { name: 'Отрезки сезона', note: 'Заставка, титры, пересказ и превью для всех серий сезона; серия может задать свои' },
    },
    list: { fields: ['name', 'title'], sort: ['title', 'sort'] },
  },
  series: {
    singular: 'серии', plural: 'Серии',
    fields: {
      title: 'Дорама',
      season: 'Сезон',
      name: 'Название',
      source: SOURCE,
      iframe: { name: 'Плеер (iframe)', note: 'Адрес встроенного плеера этой серии' },
      video: 'Видеофайл',
      deleted: {
        name: 'Только для подписчиков',
        note: 'Серия снята с бесплатного показа: её видят только зрители с тарифом «Премиум» и выше',
      },
      takenDown: {
        name: 'Снята по требованию правообладателя',
        note: 'Серию не видит никто, подписчики тоже (страница «Для правообладателей»)',
      },
      duration: { name: 'Длина, секунд', note: 'У загруженного видеофайла заполняется сама; для встроенного плеера укажите вручную' },
      segments: { name: 'Отрезки серии', note: 'Свои отрезки серии заменяют отрезки сезона того же вида; «Нет в этой серии» убирает отрезок сезона' },
    },
    list: { fields: ['name', 'title', 'season', 'deleted', 'takenDown'], sort: ['title', 'sort'] },
  },
  segments: {
    singular: 'отрезка', plural: 'Отрезки серий', note: 'Заставки, титры, пересказы и превью, которые зритель может пропустить',
    fields: {
      kind: { name: 'Вид', choices: { opening: 'Заставка', ending: 'Титры', recap: 'Пересказ', preview: 'Превью' } },
      start: { name: 'Начало, секунд', note: 'Например, 90 или 90.5' },
      end: { name: 'Конец, секунд', note: 'Отрезок не короче 3 секунд' },
      episode: { name: 'Серия', note: 'Укажите либо серию, либо сезон' },
      season: { name: 'Сезон', note: 'Отрезок для всех серий сезона' },
      absent: { name: 'Нет в этой серии', note: 'У серии нет отрезка сезона этого вида; начало и конец не нужны' },
      state: {
        name: 'Состояние',
        note: 'Найденный по звуку отрезок предложен: подтвердите его (или поправьте начало и конец) либо отклоните — отклонённый для этого видеофайла больше не предлагается',
        choices: { confirmed: 'Подтверждён', proposed: 'Предложен', rejected: 'Отклонён' },
      },
      source: { name: 'Кто задал', choices: { editor: 'Редактор', auto: 'Найден по звуку' } },
      confidence: { name: 'Уверенность', note: 'От 0 до 1: насколько уверенно отрезок найден по звуку' },
      file: { name: 'Видеофайл', note: 'Файл серии, по которому отрезок найден' },
    },
    list: { fields: ['kind', 'state', 'start', 'end', 'confidence', 'episode', 'season', 'absent'], sort: ['episode', 'season', 'start'] },
  },
  watchedEpisodes: {
    singular: 'просмотренной серии', plural: 'Просмотренные серии', note: 'Серии, которые зритель досмотрел или отметил сам',
    fields: { episode: 'Серия', title: { name: 'Дорама', note: 'Заполняется по серии' } },
    list: { fields: ['episode', 'title', 'user_created', 'date_created'], sort: ['-date_created'] },
  },
  soundtracks: {
    singular: 'саундтрека', plural: 'Саундтреки', note: 'Группы треков: вкладка «Саундтрек» на странице дорамы',
    fields: { name: 'Название', title: 'Дорама', soundtracks: 'Треки' },
    list: { fields: ['name', 'title'], sort: ['title'] },
  },
  categories: {
    singular: 'категории', plural: 'Категории', note: 'Разделы меню: Аниме, Дорамы, Лакорны, Фильмы',
    fields: { name: 'Название', slug: SLUG, subCategories: 'Подкатегории' },
    list: { fields: ['name', 'slug'], sort: ['sort'] },
  },
  subCategories: {
    singular: 'подкатегории', plural: 'Подкатегории',
    fields: { name: 'Название', slug: SLUG, category: 'Категория' },
    list: { fields: ['name', 'category'], sort: ['category', 'sort'] },
  },
  genres: {
    singular: 'жанра', plural: 'Жанры',
    fields: { name: 'Название', image: { name: 'Картинка', note: 'Обложка жанра в слайдере «… по жанрам»' } },
    list: { fields: ['image', 'name'], sort: ['name'] },
  },
  countries: { singular: 'страны', plural: 'Страны', fields: { name: 'Название' }, list: { fields: ['name'], sort: ['name'] } },
  tags: {
    singular: 'тега', plural: 'Теги',
    fields: { name: 'Название', slug: SLUG },
    list: { fields: ['name', 'slug'], sort: ['name'] },
  },
  actors: {
    singular: 'актёра или создателя', plural: 'Актёры и создатели', note: 'Актёры, режиссёры и сценаристы',
    fields: {
      slug: SLUG,
      nameRu: 'Имя по-русски',
      nameEn: 'Имя латиницей',
      avatar: 'Фото',
      biography: { name: 'Биография', note: 'На странице свёрнута после 600 символов' },
      career: 'Карьера',
      dob: { name: 'Дата рождения', note: 'Не позже сегодняшнего дня' },
      birthPlace: 'Место рождения',
      genres: 'Жанры',
      images: 'Фотографии',
      searchNames: { name: 'Имена для поиска', note: 'Заполняется автоматически' },
    },
    list: { fields: ['avatar', 'nameRu', 'nameEn', 'career'], sort: ['nameRu'] },
  },
  mainBanners: {
    singular: 'баннера главной', plural: 'Баннеры главной', note: 'Слайды карусели на главной странице',
    fields: {
      title: 'Заголовок',
      description: 'Текст',
      image: 'Картинка',
      priority: { name: 'Порядок', note: 'Меньшее число показывается раньше' },
      link: { name: 'Ссылка', note: 'Куда ведёт кнопка «Подробнее»; без ссылки кнопки нет' },
    },
    list: { fields: ['image', 'title', 'priority', 'link'], sort: ['priority'] },
  },
  updates: {
    singular: 'обновления', plural: 'Обновления', note: 'Лента «Вы уже можете посмотреть» на странице обновлений',
    fields: { title: 'Дорама', description: 'Что нового' },
    list: { fields: ['title', 'description', 'date_created'], sort: ['-date_created'] },
  },
  static: {
    singular: 'текстов сайта', plural: 'Тексты сайта', note: 'Ссылки на соцсети и страницы «О нас», «Правообладателям», «Политика», «Партнёры»',
    fields: {
      vk: 'Ссылка ВКонтакте',
      telegram: 'Ссылка Telegram',
      updatesImage: 'Баннер страницы обновлений',
      privacyPolicyImg: 'Баннер политики конфиденциальности',
      privacyPolicyText: 'Политика конфиденциальности',
      copyrightImg: 'Баннер страницы правообладателей',
      copyrightText: 'Текст для правообладателей',
      aboutImg: 'Баннер страницы «О нас»',
      aboutText: 'Текст «О нас»',
      partnersImg: 'Баннер страницы партнёров',
      partnersText: 'Текст для партнёров',
    },
  },
  shop: {
    singular: 'украшения профиля', plural: 'Украшения профиля', note: 'Цвета ника, рамки и фоны, которые выбирают подписчики',
    fields: {
      status: { name: 'Статус', note: 'Зрители видят только опубликованные', choices: { published: 'Опубликовано', draft: 'Черновик' } },
      type: { name: 'Вид', choices: { nameColor: 'Цвет ника', frame: 'Рамка', background: 'Фон профиля' } },
      name: 'Название',
      nameColor: { name: 'Цвет ника', note: 'Цвет или градиент CSS, например #f49ac2 или linear-gradient(…)' },
      nameEffect: { name: 'Эффект ника', note: 'none — без эффекта, glow — свечение, shimmer — перелив' },
      frameProfile: 'Рамка аватара в профиле',
      frameMessage: 'Рамка аватара в чате',
      backgroundFile: 'Фон профиля',
    },
    list: { fields: ['name', 'type', 'status'], sort: ['sort'] },
  },
  plans: {
    singular: 'тарифа', plural: 'Тарифы',
    fields: {
      name: 'Название',
      price: 'Цена',
      currency: 'Валюта',
      features: { name: 'Возможности', note: 'Список на странице тарифов' },
      role: { name: 'Роль', note: 'Роль, которую получает оплативший тариф' },
      durationDays: { name: 'Срок, дней', note: 'Сколько дней действует одна оплата' },
    },
    list: { fields: ['name', 'price', 'currency', 'durationDays'], sort: ['id'] },
  },
  invoices: {
    singular: 'счёта', plural: 'Счета', note: 'Оплаты тарифов; меняются только платёжным шлюзом',
    fields: {
      user: 'Зритель',
      plan: 'Тариф',
      amount: 'Сумма',
      currency: 'Валюта',
      gateway: 'Платёжный шлюз',
      gatewayId: { name: 'Номер у шлюза', note: 'Номер счёта в платёжном шлюзе' },
      status: {
        name: 'Статус',
        choices: { pending: 'Ждёт оплаты', paid: 'Оплачен', underpaid: 'Оплачен не полностью', failed: 'Не прошёл', expired: 'Истёк', refunded: 'Возвращён' },
      },
      paidAt: 'Оплачен',
      days: { name: 'Дней', note: 'Дней подписки за этот счёт' },
      orderId: { name: 'Номер заказа', note: 'Номер заказа у шлюза: повтор того же номера возвращает тот же счёт' },
      gatewayStatus: { name: 'Статус у шлюза', note: 'Последний статус, который сообщил шлюз' },
      payUrl: { name: 'Страница оплаты', note: 'Куда шлюз отправляет плательщика' },
      expiresAt: 'Действует до',
      paidAmount: { name: 'Оплачено', note: 'Сколько заплатил плательщик' },
      payerAmount: { name: 'К оплате', note: 'Сумма в валюте плательщика' },
      payerCurrency: 'Валюта плательщика',
      payerAddress: { name: 'Кошелёк плательщика', note: 'Адрес, с которого пришла оплата' },
      periodStart: 'Начало периода',
      periodEnd: 'Конец периода',
      refundedAt: 'Возвращён',
      history: { name: 'История статусов', note: 'Статусы по порядку: когда и откуда о них узнали' },
      checkedAt: { name: 'Проверен у шлюза', note: 'Когда сайт последний раз спрашивал шлюз о счёте' },
    },
    list: { fields: ['user', 'plan', 'amount', 'status', 'date_created'], sort: ['-date_created'] },
  },
  planChanges: {
    singular: 'изменения подписки', plural: 'Изменения подписок',
    note: 'Выдать или забрать подписку вручную: новая запись «Выдать» или «Забрать» с причиной; записи не правятся и не удаляются',
    fields: {
      user: 'Зритель',
      kind: {
        name: 'Что произошло',
        note: 'Вручную добавляют только «Выдать» и «Забрать»; остальное пишет сайт',
        choices: { payment: 'Оплата', refund: 'Возврат', grant: 'Выдать', revoke: 'Забрать', expiry: 'Окончание' },
      },
      plan: { name: 'Тариф', note: 'Для выдачи: какой тариф' },
      days: { name: 'Дней', note: 'Для выдачи: на сколько дней' },
      reason: { name: 'Причина', note: 'Обязательна для изменений вручную' },
      invoice: 'Счёт',
      planBefore: 'Тариф до',
      planAfter: 'Тариф после',
      paidUntilBefore: 'Оплачено до (было)',
      paidUntilAfter: 'Оплачено до (стало)',
    },
    list: { fields: ['user', 'kind', 'planAfter', 'paidUntilAfter', 'date_created'], sort: ['-date_created'] },
  },
  planNotices: {
    singular: 'напоминания о подписке', plural: 'Напоминания о подписке',
    note: 'Пишет сайт: за 7, 3 и 1 день до конца подписки и в день окончания; зритель видит их в профиле',
    fields: {
      user: 'Зритель',
      kind: { name: 'О чём', choices: { ending: 'Скоро закончится', ended: 'Закончилась' } },
      daysLeft: 'Осталось дней',
      plan: 'Тариф',
      paidUntil: 'Оплачено до',
      read: 'Прочитано',
      noticeKey: { name: 'Ключ', note: 'Чтобы одно напоминание не пришло дважды' },
    },
    list: { fields: ['user', 'kind', 'daysLeft', 'read', 'date_created'], sort: ['-date_created'] },
  },
  togetherRooms: {
    singular: 'комнаты', plural: 'Комнаты совместного просмотра',
    note: 'Ведёт сайт: зрители создают комнату, приглашают по ссылке и смотрят одну серию вместе. Комната, где никого нет сутки, удаляется',
    fields: {
      code: { name: 'Код', note: 'Часть ссылки на комнату: 128 случайных бит' },
      title: 'Дорама',
      episode: 'Серия',
      leader: 'Ведущий',
      control: { name: 'Кто управляет', choices: { all: 'Все', leader: 'Только ведущий' } },
      playing: 'Идёт просмотр',
      position: { name: 'Позиция, с', note: 'Секунда серии в момент «Позиция на момент»' },
      positionAt: { name: 'Позиция на момент', note: 'Время сервера, мс с 1970 года' },
      waitingFor: { name: 'Ждёт зрителей', note: 'Чьё видео ещё загружается' },
      waitingSince: { name: 'Ждёт с', note: 'Время сервера, мс с 1970 года' },
      unwaited: { name: 'Без ожидания', note: 'Кого ведущий решил не ждать: до смены серии их загрузка не останавливает комнату' },
      version: { name: 'Версия', note: 'Растёт с каждым изменением' },
      emptySince: { name: 'Пуста с', note: 'Когда из комнаты ушёл последний зритель; время сервера, мс с 1970 года' },
    },
    list: { fields: ['title', 'leader', 'control', 'playing', 'date_created'], sort: ['-date_created'] },
  },
  togetherMembers: {
    singular: 'участника комнаты', plural: 'Участники комнат',
    fields: {
      room: 'Комната',
      user: 'Зритель',
      state: { name: 'Состояние', choices: { watching: 'Смотрит', paused: 'На паузе', loading: 'Загружается', offline: 'Не в сети' } },
      removed: { name: 'Удалён', note: 'Удалён ведущим: вернуться в комнату не может' },
      left: { name: 'Вышел', note: 'Вышел из комнаты сам' },
      roundTrip: { name: 'Задержка, мс', note: 'Время до сервера и обратно' },
      seen: { name: 'На связи', note: 'Когда сервер последний раз видел его подключение; время сервера, мс с 1970 года' },
      date_created: 'Вошёл',
    },
    list: { fields: ['room', 'user', 'state', 'removed', 'date_created'], sort: ['-date_created'] },
  },
  togetherMessages: {
    singular: 'сообщения комнаты', plural: 'Сообщения комнат',
    fields: {
      room: 'Комната',
      user: 'Автор',
      kind: { name: 'Вид', choices: { text: 'Сообщение', event: 'Событие', seek: 'Перемотка' } },
      text: 'Текст',
      replyTo: 'Ответ на',
    },
    list: { fields: ['room', 'user', 'kind', 'text', 'date_created'], sort: ['-date_created'] },
  },
  formerSlugs: {
    singular: 'прежнего адреса', plural: 'Прежние адреса', note: 'Адреса страниц до смены: ведут на страницу с новым адресом',
    fields: {
      collection: { name: 'Раздел', choices: { titles: 'Дорамы и фильмы', actors: 'Актёры и создатели', categories: 'Категории', tags: 'Теги' } },
      item: 'Запись',
      slug: 'Прежний адрес',
    },
    list: { fields: ['collection', 'slug', 'item'], sort: ['collection', 'slug'] },
  },
  favorites: {
    singular: 'отметки', plural: 'Отметки зрителей', note: 'Списки «Избранное», «Буду смотреть», «Смотрел», «Смотрю», «Не интересно»',
    fields: { type: 'Список', title: 'Дорама' },
    list: { fields: ['title', 'type', 'user_created', 'date_created'], sort: ['-date_created'] },
  },
  ratings: {
    singular: 'оценки', plural: 'Оценки', note: 'От 1 до 5, одна от зрителя на дораму',
    fields: { rating: 'Оценка', title: 'Дорама' },
    list: { fields: ['title', 'rating', 'user_created', 'date_created'], sort: ['-date_created'] },
  },
  favoriteActors: {
    singular: 'любимого актёра', plural: 'Любимые актёры',
    fields: { user: 'Зритель', actor: 'Персона' },
    list: { fields: ['actor', 'user', 'date_created'], sort: ['-date_created'] },
  },
  posts: {
    singular: 'записи', plural: 'Записи в профилях',
    fields: { text: 'Текст', images: 'Фото', comments: 'Комментарии', reactions: 'Реакции' },
    list: { fields: ['text', 'user_created', 'date_created'], sort: ['-date_created'] },
  },
  comments: {
    singular: 'отзыва или комментария', plural: 'Отзывы и комментарии', note: 'Отзывы к дорамам, ответы на них и комментарии к записям',
    fields: {
      text: 'Текст',
      title: 'Дорама',
      comment: { name: 'Ответ на', note: 'Отзыв, на который это ответ' },
      post: 'Запись',
      images: 'Фото',
      deleted: { name: 'Удалён', note: 'Удалён автором: текста больше нет, ответы остаются' },
      replies: 'Ответы',
      reactions: 'Реакции',
    },
    list: { fields: ['text', 'title', 'user_created', 'deleted', 'date_created'], sort: ['-date_created'] },
  },
  reactions: {
    singular: 'реакции', plural: 'Реакции',
    fields: { type: { name: 'Реакция', choices: { like: 'Нравится', dislike: 'Не нравится' } }, comment: 'Отзыв', post: 'Запись' },
    list: { fields: ['type', 'comment', 'post', 'user_created', 'date_created'], sort: ['-date_created'] },
  },
  chats: {
    singular: 'личного чата', plural: 'Личные чаты',
    fields: { user_created: 'Начал', user_invited: 'Собеседник', messages: 'Сообщения' },
    list: { fields: ['user_created', 'user_invited', 'date_created'], sort: ['-date_created'] },
  },
  messages: {
    singular: 'сообщения', plural: 'Сообщения чата',
    fields: {
      text: 'Текст',
      message: { name: 'Ответ на', note: 'Сообщение, на которое это ответ' },
      images: 'Фото',
      publicChat: { name: 'Общий чат', note: 'Сообщение общего чата' },
      privateChat: 'Личный чат',
      deleted: { name: 'Удалено', note: 'Удалено автором или модератором: текста и фото больше нет' },
    },
    list: { fields: ['text', 'user_created', 'publicChat', 'privateChat', 'date_created'], sort: ['-date_created'] },
  },
  chatReads: {
    singular: 'прочтения чата', plural: 'Прочтения чатов', note: 'Докуда зритель прочитал личный чат',
    fields: { chat: 'Чат', lastRead: 'Прочитано до' },
  },
  watchProgress: {
    singular: 'места просмотра', plural: 'Продолжить просмотр', note: 'Где зритель остановился: серия и секунда',
    fields: {
      title: 'Дорама',
      episode: { name: 'Серия', note: 'Пусто у фильма' },
      position: { name: 'Секунда', note: 'На какой секунде остановились; пусто у встроенного плеера' },
      duration: { name: 'Длина, секунд', note: 'Длина серии, если известна' },
    },
  },
  alerts: {
    singular: 'уведомления о серии', plural: 'Уведомления о сериях', note: 'Новые серии дорам, которые зритель смотрит или собирается смотреть',
    fields: { user: 'Зритель', title: 'Дорама', episode: 'Серия', read: 'Прочитано' },
  },
  friendships: {
    singular: 'заявки в друзья', plural: 'Друзья', note: 'Заявки в друзья и принятые: одна запись на пару людей',
    fields: {
      requester: 'Отправил заявку',
      addressee: 'Кому',
      status: { name: 'Статус', note: 'Принять заявку может только тот, кому она отправлена', choices: { pending: 'Ждёт ответа', accepted: 'Друзья' } },
      pair: { name: 'Пара', note: 'Служебное: два id по порядку, чтобы пара была одна' },
    },
    list: { fields: ['requester', 'addressee', 'status', 'date_created'], sort: ['-date_created'] },
  },
  supportRequests: {
    singular: 'обращения', plural: 'Обращения', note: 'Письма из формы «Связаться с нами»',
    fields: { name: 'Имя', email: 'Email', topic: 'Тема', message: 'Сообщение' },
    list: { fields: ['name', 'email', 'topic', 'date_created'], sort: ['-date_created'] },
  },
  titles_genres: junction('жанра дорамы', 'Жанры дорам', { titles_id: 'Дорама', genres_id: 'Жанр' }),
  titles_actors: junction('актёра дорамы', 'Актёры дорам', { titles_id: 'Дорама', actors_id: 'Актёр' }),
  titles_directors: junction('режиссёра дорамы', 'Режиссёры дорам', { titles_id: 'Дорама', actors_id: 'Режиссёр' }),
  titles_screenwriters: junction('сценариста дорамы', 'Сценаристы дорам', { titles_id: 'Дорама', actors_id: 'Сценарист' }),
  titles_images: junction('кадра дорамы', 'Кадры дорам', { titles_id: 'Дорама', directus_files_id: 'Файл' }),
  titles_tags: junction('тега дорамы', 'Теги дорам', { titles_id: 'Дорама', tags_id: 'Тег' }),
  titles_related: junction('закреплённой похожей дорамы', 'Закреплённые похожие дорамы', { titles_id: 'Дорама', related_titles_id: 'Показывать первым' }),
  soundtracks_files: junction('трека', 'Треки саундтреков', { soundtracks_id: 'Саундтрек', directus_files_id: 'Файл' }),
  actors_genres: junction('жанра персоны', 'Жанры персон', { actors_id: 'Персона', genres_id: 'Жанр' }),
  actors_images: junction('фото персоны', 'Фото персон', { actors_id: 'Персона', directus_files_id: 'Файл' }),
  posts_files: junction('фото записи', 'Фото записей', { posts_id: 'Запись', directus_files_id: 'Файл' }),
  comments_files: junction('фото отзыва', 'Фото отзывов', { comments_id: 'Отзыв', directus_files_id: 'Файл' }),
  chats_directus_users: junction('участника чата', 'Участники чатов', { chats_id: 'Чат', directus_users_id: 'Участник' }),
  messages_files: junction('фото сообщения', 'Фото сообщений', { messages_id: 'Сообщение', directus_files_id: 'Файл' }),
  // Fields this model adds to Directus's own collections (their own names come with Directus).
  directus_users: {
    singular: 'пользователя', plural: 'Пользователи',
    fields: {
      login: { name: 'Логин', note: 'Уникален без учёта регистра' },
      dob: 'Дата рождения',
      gender: 'Пол',
      aboutMe: 'О себе',
      nameColor: 'Цвет ника',
      frame: 'Рамка',
      background: 'Фон профиля',
      plan: { name: 'Тариф', note: 'Ставится оплатой' },
      paidUntil: { name: 'Оплачено до', note: 'Когда закончится тариф' },
      keptDecorations: { name: 'Отложенные украшения', note: 'Украшения, снятые окончанием подписки: вернутся с продлением' },
      playerSettings: { name: 'Настройки плеера', note: 'Пропуск отрезков, автопереход, скорость и громкость; меняет сам зритель' },
      favoriteActors: 'Любимые актёры',
    },
  },
  directus_files: {
    singular: 'файла', plural: 'Файлы',
    fields: {
      chat: { name: 'Личный чат', note: 'Чат, к которому приложена картинка: её видят только его участники' },
      withheld: { name: 'Закрыто по ссылке', note: 'Видео серии для подписчиков, снятой серии или неопубликованной дорамы: зрителям по ссылке не отдаётся' },
      animated: { name: 'Движется', note: 'Аватар из нескольких кадров (gif, webp или png): только для подписчиков' },
    },
  },
};

/** A field's label, the shared names filling in. */
export function fieldLabel(collection: string, field: string): FieldLabel | undefined {
  return LABELS[collection]?.fields[field] ?? COMMON[field];
}

const nameOf = (label: FieldLabel) => (typeof label === 'string' ? label : label.name);

/** The name editors know a field by, or its own where it has none. */
export const fieldName = (collection: string, field: string): string => {
  const label = fieldLabel(collection, field);
  return label ? nameOf(label) : field;
};
const ru = (translation: string) => [{ language: LABEL_LANGUAGE, translation }];

/** How a field shows in a list: a picture's thumbnail, a related row by its name, a time as a time, a choice by its words. */
function display(def: CollectionDef, f: FieldDef, templates: Map<string, string>): Record<string, unknown> {
  const special = (f.meta.special as string[] | undefined) ?? [];
  if (special.includes('file')) return { display: 'image' };
  if (special.includes('m2o') || special.includes('user-created')) {
    const target = def.relations.find((r) => r.field === f.field)?.related_collection;
    const template = target === 'directus_users' ? '{{login}}' : target ? templates.get(target) : undefined;
    return template ? { display: 'related-values', display_options: { template } } : {};
  }
  if (f.type === 'timestamp') return { display: 'datetime', display_options: { relative: true } };
  return {};
}

function labelField(def: CollectionDef, f: FieldDef, templates: Map<string, string>): FieldDef {
  const label = fieldLabel(def.collection, f.field);
  if (!label) return f;
  const meta: Record<string, unknown> = { ...f.meta, translations: ru(nameOf(label)), ...display(def, f, templates) };
  if (typeof label === 'object' && label.note) meta.note = label.note;
  const choices = (f.meta.options as { choices?: { text: string; value: string }[] } | undefined)?.choices;
  if (choices) {
    const words = typeof label === 'object' ? label.choices ?? {} : {};
    const named = choices.map(({ value }) => ({ text: words[value] ?? value, value }));
    meta.options = { ...(f.meta.options as object), choices: named };
    meta.display = 'labels';
    meta.display_options = { choices: named };
  }
  return { ...f, meta };
}

/**
 * The model with its Russian names, notes, choice words and list displays, as the apply step sends
 * it; `model` gives the display templates of related collections.
 */
export function labelled(def: CollectionDef, model: CollectionDef[] = []): CollectionDef {
  const templates = new Map(model.flatMap((c) => (typeof c.meta.display_template === 'string' ? [[c.collection, c.meta.display_template] as const] : [])));
  const label = LABELS[def.collection];
  const meta = label && !def.collection.startsWith('directus_')
    ? { ...def.meta, translations: [{ language: LABEL_LANGUAGE, translation: label.plural, singular: label.singular, plural: label.plural }], ...(label.note ? { note: label.note } : {}) }
    : def.meta;
  return { ...def, meta, fields: def.fields.map((f) => labelField(def, f, templates)) };
}
