/** Site-wide demo content: banners, update feed, static pages and shop items (the plans are applied with the backend). */

export interface BannerSeed {
  title: string;
  description: string; // small HTML
  titleSlug: string | null; // title to link to
  priority: number;
}

export interface UpdateSeed {
  titleSlug: string;
  description: string;
  daysAgo: number;
}

export interface StaticTextsSeed {
  vk: string;
  telegram: string;
  aboutText: string;
  copyrightText: string;
  privacyPolicyText: string;
  partnersText: string;
}

export interface ShopItemSeed {
  type: 'nameColor' | 'frame' | 'background';
  name: string;
  nameColor?: string; // CSS colour or gradient
  nameEffect?: 'none' | 'glow' | 'shimmer';
  colors?: [string, string]; // frames and backgrounds: two hex colours the seeder draws the image from
}

export const BANNERS: BannerSeed[] = [
  {
    title: 'Хроники облачного города — третий сезон',
    description:
      '<p>Город над облаками продолжает падать, а герои всё ближе к древнему двигателю. <strong>Новые серии каждую неделю</strong> с русскими субтитрами.</p>',
    titleSlug: 'khroniki-oblachnogo-goroda',
    priority: 1,
  },
  {
    title: 'Аромат последнего лета',
    description:
      '<p>Тихая мелодрама о первой любви и памяти, которую зрители называют <strong>главной дорамой сезона</strong>. Все 16 серий уже на сайте.</p>',
    titleSlug: 'aromat-poslednego-leta',
    priority: 2,
  },
  {
    title: 'Ваша карма, господин директор',
    description:
      '<p>Директор просыпается в теле собственного стажёра. <strong>Новая тайская комедия</strong> — смотрите свежие серии сразу после выхода.</p>',
    titleSlug: 'vasha-karma-gospodin-direktor',
    priority: 3,
  },
  {
    title: 'Премиум-подписка',
    description:
      '<p>Цветной ник, GIF-аватар, рамки и обои профиля. <strong>Оформите подписку</strong> и поддержите работу переводчиков.</p>',
    titleSlug: null,
    priority: 4,
  },
];

export const UPDATES: UpdateSeed[] = [
  { titleSlug: 'khroniki-oblachnogo-goroda', description: 'Добавлена 10 серия третьего сезона с русскими субтитрами', daysAgo: 0 },
  { titleSlug: 'vasha-karma-gospodin-direktor', description: 'Добавлена 9 серия с русскими субтитрами', daysAgo: 0 },
  { titleSlug: 'zvezdy-s-pyatogo-etazha', description: 'Добавлена 11 серия с русскими субтитрами', daysAgo: 1 },
  { titleSlug: 'formula-chempiona', description: 'Добавлены 17 и 18 серии с русскими субтитрами', daysAgo: 1 },
  { titleSlug: 'farforovaya-luna', description: 'Добавлена 6 серия с русскими субтитрами', daysAgo: 2 },
  { titleSlug: 'idol-na-zamenu', description: 'Добавлена 8 серия с русскими субтитрами', daysAgo: 2 },
  { titleSlug: 'obeshchanie-na-sebu', description: 'Добавлена 21 серия с русскими субтитрами', daysAgo: 3 },
  { titleSlug: 'okhotniki-za-yokayami', description: 'Добавлена 5 серия второго сезона с русскими субтитрами', daysAgo: 3 },
  { titleSlug: 'mech-i-persikovyy-tsvet', description: 'Добавлены серии 29–30 с русскими субтитрами', daysAgo: 4 },
  { titleSlug: 'ofis-na-sorok-vtorom', description: 'Добавлена 7 серия второго сезона с русскими субтитрами', daysAgo: 4 },
  { titleSlug: 'khroniki-oblachnogo-goroda', description: 'Добавлена 9 серия третьего сезона с русскими субтитрами', daysAgo: 5 },
  { titleSlug: 'vasha-karma-gospodin-direktor', description: 'Добавлена 8 серия с русскими субтитрами', daysAgo: 6 },
  { titleSlug: 'zvezdy-s-pyatogo-etazha', description: 'Добавлена 10 серия с русскими субтитрами', daysAgo: 6 },
  { titleSlug: 'aromat-poslednego-leta', description: 'Добавлена русская озвучка для серий 1–16', daysAgo: 7 },
  { titleSlug: 'farforovaya-luna', description: 'Добавлена 5 серия с русскими субтитрами', daysAgo: 8 },
  { titleSlug: 'idol-na-zamenu', description: 'Добавлена 7 серия с русскими субтитрами', daysAgo: 9 },
  { titleSlug: 'formula-chempiona', description: 'Добавлена 16 серия с русскими субтитрами', daysAgo: 9 },
  { titleSlug: 'obeshchanie-na-sebu', description: 'Добавлена 20 серия с русскими субтитрами', daysAgo: 10 },
  { titleSlug: 'devyat-lun-nad-loyanom', description: 'Исправлены субтитры во втором сезоне, серии 12–15', daysAgo: 11 },
  { titleSlug: 'okhotniki-za-yokayami', description: 'Добавлена 4 серия второго сезона с русскими субтитрами', daysAgo: 11 },
  { titleSlug: 'khroniki-oblachnogo-goroda', description: 'Добавлена 8 серия третьего сезона с русскими субтитрами', daysAgo: 12 },
  { titleSlug: 'mech-i-persikovyy-tsvet', description: 'Добавлена 28 серия с русскими субтитрами', daysAgo: 13 },
  { titleSlug: 'vrachi-nochnoy-smeny', description: 'Добавлен второй сезон целиком с русскими субтитрами', daysAgo: 14 },
  { titleSlug: 'malchiki-iz-obshchezhitiya', description: 'Добавлена русская озвучка для второго сезона', daysAgo: 15 },
  { titleSlug: 'ofis-na-sorok-vtorom', description: 'Добавлена 6 серия второго сезона с русскими субтитрами', daysAgo: 16 },
  { titleSlug: 'manilskaya-serenada', description: 'Добавлены финальные серии 38–40 с русскими субтитрами', daysAgo: 18 },
  { titleSlug: 'vosem-vetrov', description: 'Добавлена русская озвучка для третьего сезона', daysAgo: 20 },
  { titleSlug: 'sireny-pattayi', description: 'Добавлена 20 серия с русскими субтитрами — сериал завершён', daysAgo: 22 },
  { titleSlug: 'tokiyskaya-prokuratura', description: 'Добавлен третий сезон в высоком качестве', daysAgo: 25 },
  { titleSlug: 'kulinarnyy-klub-vedm', description: 'Добавлена 12 серия с русскими субтитрами — сериал завершён', daysAgo: 29 },
];

const ABOUT_TEXT = `<h2>О сайте</h2>
<p>«Дорамы онлайн» — это место для всех, кто любит азиатские сериалы и кино. Здесь собраны корейские, китайские, японские и тайваньские дорамы, тайские лакорны, аниме и фильмы из разных уголков Азии — с русскими субтитрами и озвучкой.</p>
<p>Мы стараемся, чтобы каждый зритель быстро находил то, что ему по душе: каталог можно фильтровать по жанрам, странам, году выхода и тегам, а на странице каждого актёра собраны все его работы.</p>
<h2>Что у нас есть</h2>
<ul>
<li>Каталог дорам, лакорнов, аниме и фильмов с удобным поиском и алфавитным указателем.</li>
<li>Лента обновлений, где видно, какие серии вышли сегодня.</li>
<li>Личные списки: «Смотрю», «Буду смотреть», «Избранное» и другие.</li>
<li>Оценки, отзывы и обсуждения под каждым сериалом и фильмом.</li>
<li>Общий чат и личные сообщения, чтобы делиться впечатлениями с друзьями.</li>
</ul>
<h2>Наше сообщество</h2>
<p>Мы рады каждому, кто готов делиться впечатлениями, советовать интересные истории и уважительно спорить о любимых героях. Пожалуйста, не публикуйте спойлеры без предупреждения и будьте вежливы друг к другу.</p>
<p>Если вы нашли ошибку, хотите предложить новый сериал или помочь с переводом — напишите нам в группу ВКонтакте или в Telegram-канал. Приятного просмотра!</p>`;

const COPYRIGHT_TEXT = `<h2>Правообладателям</h2>
<p>Администрация сайта уважает права авторов и владельцев контента. Материалы на сайте размещаются пользователями и партнёрами, а видеоплееры в большинстве случаев подключаются со сторонних ресурсов.</p>
<p>Если вы являетесь правообладателем или его официальным представителем и считаете, что какой-либо материал на сайте нарушает ваши права, сообщите нам об этом — мы рассмотрим обращение в кратчайшие сроки.</p>
<h2>Как подать жалобу</h2>
<p>Отправьте письмо на адрес <strong>copyright@example.com</strong>. В обращении укажите:</p>
<ul>
<li>название компании или ваше имя и контактные данные;</li>
<li>документ, подтверждающий права на произведение или полномочия представителя;</li>
<li>точные ссылки на страницы сайта, где размещён спорный материал;</li>
<li>описание нарушения и название произведения, права на которое вы представляете.</li>
</ul>
<h2>Сроки рассмотрения</h2>
<p>Мы отвечаем на обращения в течение пяти рабочих дней. Если жалоба обоснована, доступ к материалу будет ограничен, а вы получите уведомление о принятых мерах. Неполные обращения без подтверждающих документов могут быть оставлены без рассмотрения, поэтому просим внимательно проверить письмо перед отправкой.</p>`;

const PRIVACY_POLICY_TEXT = `<h2>Политика конфиденциальности</h2>
<p>Настоящая политика описывает, какие данные мы собираем о пользователях сайта «Дорамы онлайн», как их используем и как вы можете с нами связаться.</p>
<h2>Какие данные мы храним</h2>
<ul>
<li>Адрес электронной почты — для входа в аккаунт, восстановления пароля и важных уведомлений.</li>
<li>Логин — он отображается рядом с вашими отзывами, комментариями и сообщениями.</li>
<li>Дату рождения — чтобы показывать материалы с подходящим возрастным ограничением.</li>
<li>Необязательные сведения, которые вы сами указываете в профиле: имя, пол, аватар, текст «О себе».</li>
</ul>
<p>Мы не продаём и не передаём персональные данные третьим лицам, за исключением случаев, предусмотренных законодательством.</p>
<h2>Файлы cookie</h2>
<p>Сайт использует файлы cookie, чтобы сохранять вашу сессию, настройки плеера и тему оформления, а также собирать обезличенную статистику посещений. Вы можете отключить cookie в настройках браузера, но тогда некоторые функции, например вход в аккаунт, перестанут работать.</p>
<h2>Удаление данных</h2>
<p>Вы можете изменить данные профиля в настройках или попросить полностью удалить аккаунт.</p>
<h2>Контакты</h2>
<p>По вопросам обработки персональных данных пишите на <strong>privacy@example.com</strong>. Мы ответим в течение десяти рабочих дней.</p>`;

const PARTNERS_TEXT = `<h2>Партнёрам</h2>
<p>«Дорамы онлайн» ежедневно посещают тысячи зрителей, которые любят азиатскую культуру: сериалы, кино, музыку, кухню и путешествия. Мы открыты к сотрудничеству с компаниями и проектами, которым интересна эта аудитория.</p>
<h2>Реклама</h2>
<ul>
<li>Баннеры на главной странице и в каталоге.</li>
<li>Нативные публикации и подборки в ленте и социальных сетях.</li>
<li>Спецпроекты к премьерам сериалов и фильмов.</li>
</ul>
<p>Мы не размещаем рекламу, которая мешает просмотру или вводит зрителей в заблуждение, и оставляем за собой право отказать в размещении без объяснения причин.</p>
<h2>Сотрудничество</h2>
<p>Приглашаем к партнёрству команды переводчиков и озвучки, организаторов фестивалей азиатского кино, магазины товаров из Азии, языковые школы и блогеров. Мы готовы обсудить взаимные анонсы, совместные конкурсы и другие форматы.</p>
<h2>Как связаться</h2>
<p>Напишите на <strong>partners@example.com</strong> или в наш Telegram-канал. Расскажите коротко о проекте и о том, какое сотрудничество вам интересно, — мы ответим в течение нескольких дней.</p>`;

export const STATIC_TEXTS: StaticTextsSeed = {
  vk: 'https://vk.com/doramy_online_demo',
  telegram: 'https://t.me/doramy_online_demo',
  aboutText: ABOUT_TEXT,
  copyrightText: COPYRIGHT_TEXT,
  privacyPolicyText: PRIVACY_POLICY_TEXT,
  partnersText: PARTNERS_TEXT,
};

export const SHOP_ITEMS: ShopItemSeed[] = [
  { type: 'nameColor', name: 'Закатный', nameColor: 'linear-gradient(90deg, #ff7e5f, #feb47b)', nameEffect: 'none' },
  { type: 'nameColor', name: 'Сакура', nameColor: '#f49ac2', nameEffect: 'glow' },
  { type: 'nameColor', name: 'Нефрит', nameColor: '#00a86b', nameEffect: 'none' },
  { type: 'nameColor', name: 'Золотой дракон', nameColor: 'linear-gradient(90deg, #f7971e, #ffd200)', nameEffect: 'shimmer' },
  { type: 'frame', name: 'Неоновая рамка', colors: ['#00f0ff', '#ff00c8'] },
  { type: 'frame', name: 'Лепестки сакуры', colors: ['#ffd1dc', '#e75480'] },
  { type: 'frame', name: 'Лунное серебро', colors: ['#e0e0e0', '#8e9eab'] },
  { type: 'frame', name: 'Императорское золото', colors: ['#ffd700', '#b8860b'] },
  { type: 'background', name: 'Ночной Сеул', colors: ['#0f2027', '#2c5364'] },
  { type: 'background', name: 'Весенний Киото', colors: ['#fbd3e9', '#bb377d'] },
  { type: 'background', name: 'Бангкокский закат', colors: ['#f83600', '#f9d423'] },
  { type: 'background', name: 'Туман над Гуйлинем', colors: ['#c9d6ff', '#7a8ca3'] },
];

