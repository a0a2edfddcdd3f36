/** Demo community: users and everything they write, rate and mark. Logins refer to USERS. */

export interface UserSeed {
  login: string; // latin, 3–20 chars, [a-z0-9_]
  email: string;
  first_name: string;
  last_name: string;
  dob: string; // YYYY-MM-DD
  gender: 'Мужской' | 'Женский';
  aboutMe: string;
  plan?: 1 | 2;
}

export interface ReplySeed {
  author: string;
  text: string;
}

export interface ReviewSeed {
  author: string;
  titleSlug: string;
  text: string;
  replies?: ReplySeed[];
  likes?: string[];
  dislikes?: string[];
}

export interface RatingSeed {
  author: string;
  titleSlug: string;
  rating: 1 | 2 | 3 | 4 | 5;
}

export type MarkTypeSeed = 'Избранное' | 'Буду смотреть' | 'Смотрел' | 'Смотрю' | 'Не интересно';

export interface MarkSeed {
  author: string;
  titleSlug: string;
  type: MarkTypeSeed;
}

export interface FavoriteActorSeed {
  author: string;
  actorSlug: string;
}

export interface PostSeed {
  author: string;
  text: string;
  comments?: ReplySeed[];
  likes?: string[];
}

export interface PublicMessageSeed {
  author: string;
  text: string;
  replyTo?: number; // index of an earlier message in PUBLIC_MESSAGES
}

export interface PrivateChatSeed {
  between: [string, string];
  messages: { author: string; text: string }[];
}

export const USERS: UserSeed[] = [
  {
    login: 'sakura_fan',
    email: 'sakura_fan@example.com',
    first_name: 'Анна',
    last_name: 'Смирнова',
    dob: '1995-04-17',
    gender: 'Женский',
    aboutMe: 'Смотрю дорамы с 2015 года. Люблю тихие мелодрамы, красивые саундтреки и истории, после которых хочется помолчать.',
    plan: 2,
  },
  {
    login: 'olya_dorama',
    email: 'olya_dorama@example.com',
    first_name: 'Ольга',
    last_name: 'Кузнецова',
    dob: '1998-09-02',
    gender: 'Женский',
    aboutMe: 'Романтические комедии, офисные романы и фиктивные браки — моя слабость. Спойлеры не люблю, советы обожаю.',
    plan: 1,
  },
  {
    login: 'lakorn_kat',
    email: 'lakorn_kat@example.com',
    first_name: 'Екатерина',
    last_name: 'Орлова',
    dob: '1992-12-11',
    gender: 'Женский',
    aboutMe: 'Влюблена в тайские лакорны и понемногу учу тайский язык. Если нужен совет, что посмотреть из Таиланда, — пишите!',
  },
  {
    login: 'anime_ren',
    email: 'anime_ren@example.com',
    first_name: 'Артём',
    last_name: 'Волков',
    dob: '2000-06-23',
    gender: 'Мужской',
    aboutMe: 'Смотрю аниме со школы. Люблю сёнэн, научную фантастику и всё, что снимает Ямагути Тэцуя.',
    plan: 1,
  },
  {
    login: 'tea_and_drama',
    email: 'tea_and_drama@example.com',
    first_name: 'Марина',
    last_name: 'Лебедева',
    dob: '1988-03-05',
    gender: 'Женский',
    aboutMe: 'Историческая дорама, чашка улуна и тёплый плед — идеальный вечер. Мама двух дочек, смотрим аниме всей семьёй.',
  },
  {
    login: 'night_owl22',
    email: 'night_owl22@example.com',
    first_name: 'Дмитрий',
    last_name: 'Соколов',
    dob: '1996-11-30',
    gender: 'Мужской',
    aboutMe: 'Детективы, триллеры и гонконгские боевики. Смотрю в основном по ночам, отсюда и ник.',
  },
  {
    login: 'kdrama_lena',
    email: 'kdrama_lena@example.com',
    first_name: 'Елена',
    last_name: 'Павлова',
    dob: '2003-01-14',
    gender: 'Женский',
    aboutMe: 'Студентка, учу корейский. Начинала с фэнтези-дорам, а теперь смотрю всё подряд.',
  },
  {
    login: 'seoul_max',
    email: 'seoul_max@example.com',
    first_name: 'Максим',
    last_name: 'Егоров',
    dob: '1990-07-08',
    gender: 'Мужской',
    aboutMe: 'Был в Сеуле два раза и собираюсь снова. Люблю корейское жанровое кино и хорошие сериалы без лишней драмы.',
  },
];

export const REVIEWS: ReviewSeed[] = [
  {
    author: 'sakura_fan',
    titleSlug: 'aromat-poslednego-leta',
    text: 'Плакала на последних двух сериях, хотя обещала себе держаться. Ким Со Юн играет почти без слов, но всё понятно по глазам. Саундтрек теперь слушаю по дороге на работу.',
    likes: ['olya_dorama', 'kdrama_lena', 'tea_and_drama'],
    replies: [{ author: 'olya_dorama', text: 'Согласна про саундтрек, вторая часть OST вообще шедевр!' }],
  },
  {
    author: 'seoul_max',
    titleSlug: 'aromat-poslednego-leta',
    text: 'Красиво снято, но мне не хватило динамики: первые шесть серий почти ничего не происходит. Если любите неспешные истории — вам понравится, мне было скучновато.',
    likes: ['night_owl22'],
    dislikes: ['sakura_fan'],
    replies: [{ author: 'sakura_fan', text: 'Так в этом и вся прелесть! Но понимаю, история на любителя.' }],
  },
  {
    author: 'tea_and_drama',
    titleSlug: 'vrachi-nochnoy-smeny',
    text: 'Лучшая медицинская дорама из всех, что я видела. Никаких лишних романов, зато каждый пациент — отдельная история. Второй сезон даже сильнее первого.',
    likes: ['seoul_max', 'kdrama_lena'],
  },
  {
    author: 'kdrama_lena',
    titleSlug: 'vrachi-nochnoy-smeny',
    text: 'Смотрела с мамой, она работает медсестрой и сказала, что многое показано очень честно. Чон Да Ын — просто восторг.',
    likes: ['tea_and_drama'],
    replies: [{ author: 'tea_and_drama', text: 'Как здорово, что смотрели вместе! Моей маме тоже понравилось.' }],
  },
  {
    author: 'olya_dorama',
    titleSlug: 'maska-dlya-naslednitsy',
    text: 'Интриги закручены так, что не оторваться: два сезона проглотила за неделю. Финал немного скомкан, но героиня того стоит.',
    likes: ['sakura_fan'],
  },
  {
    author: 'night_owl22',
    titleSlug: 'maska-dlya-naslednitsy',
    text: 'Начало отличное, а дальше слишком много совпадений, и злодеи какие-то картонные. Посмотреть можно, но пересматривать не буду.',
    dislikes: ['olya_dorama'],
  },
  {
    author: 'kdrama_lena',
    titleSlug: 'khranitel-iz-dinastii-choson',
    text: 'Сцена, где воин впервые едет в метро, — я смеялась до слёз! А потом финал... Ну зачем так с нами.',
    likes: ['sakura_fan', 'olya_dorama', 'seoul_max'],
    replies: [
      { author: 'sakura_fan', text: 'Финал правда разбил мне сердце, но он честный.' },
      { author: 'seoul_max', text: 'Согласен, для фэнтези очень сильная концовка.' },
    ],
  },
  {
    author: 'sakura_fan',
    titleSlug: 'khranitel-iz-dinastii-choson',
    text: 'Пак Тэ Гён в ханбоке и с мечом — это отдельный вид искусства. Отличная химия с Ли Ха Рин, смешно и трогательно одновременно.',
    likes: ['kdrama_lena'],
  },
  {
    author: 'tea_and_drama',
    titleSlug: 'devyat-lun-nad-loyanom',
    text: 'Костюмы, декорации, музыка — всё на высшем уровне. Героиня побеждает умом, а не благодаря случайностям, и это так редко бывает. Сорок серий пролетели незаметно.',
    likes: ['lakorn_kat', 'sakura_fan'],
    replies: [{ author: 'sakura_fan', text: 'Полностью согласна, уже пересматриваю!' }],
  },
  {
    author: 'seoul_max',
    titleSlug: 'devyat-lun-nad-loyanom',
    text: 'Для меня слишком затянуто: политические интриги во втором сезоне можно было сократить вдвое. Но генерал в исполнении Чжао Минсюаня хорош.',
  },
  {
    author: 'lakorn_kat',
    titleSlug: 'imperatorskiy-lekar',
    text: 'Обожаю истории, где героиня переодевается юношей, а тут ещё и медицина! Су Цинъянь прекрасна, смотрела с огромным удовольствием.',
    likes: ['tea_and_drama'],
  },
  {
    author: 'tea_and_drama',
    titleSlug: 'imperatorskiy-lekar',
    text: 'Очень познавательно: после сериала захотелось почитать о традиционной китайской медицине. Немного провисает середина.',
    replies: [{ author: 'lakorn_kat', text: 'Середина да, но последние десять серий всё искупают!' }],
  },
  {
    author: 'olya_dorama',
    titleSlug: '100-dney-po-kontraktu',
    text: 'Классический фиктивный брак, но сделан с юмором и без глупых недопониманий. Ван Жоси очень обаятельная.',
    likes: ['kdrama_lena'],
  },
  {
    author: 'night_owl22',
    titleSlug: '100-dney-po-kontraktu',
    text: 'Смотрел за компанию с девушкой и неожиданно втянулся. Мама героя — лучший персонаж сериала.',
    likes: ['olya_dorama', 'seoul_max'],
    replies: [{ author: 'olya_dorama', text: 'Хэ Цзяминь вообще всех переиграла :)' }],
  },
  {
    author: 'anime_ren',
    titleSlug: 'kafe-belyy-kot',
    text: 'Смотрю по серии перед сном вместо успокоительного. Ничего особенного не происходит, но после каждой серии на душе тепло.',
    likes: ['sakura_fan', 'tea_and_drama'],
  },
  {
    author: 'sakura_fan',
    titleSlug: 'kafe-belyy-kot',
    text: 'Теперь хочу такое кафе у себя в районе. И кота. Особенно кота.',
    likes: ['anime_ren'],
    replies: [{ author: 'anime_ren', text: 'Кот там главный актёр, без вариантов!' }],
  },
  {
    author: 'seoul_max',
    titleSlug: 'tokiyskaya-prokuratura',
    text: 'Умный, спокойный детектив без лишней суеты. Прокурор Сайто — один из моих любимых героев вообще. Жаль, что остановились на третьем сезоне.',
    likes: ['night_owl22', 'anime_ren'],
  },
  {
    author: 'night_owl22',
    titleSlug: 'tokiyskaya-prokuratura',
    text: 'Первый сезон медленный, но не бросайте: со второго начинается настоящее удовольствие.',
    likes: ['seoul_max'],
  },
  {
    author: 'kdrama_lena',
    titleSlug: 'dozhdlivye-dni-v-taybee',
    text: 'Очень нежная история, хотя второго героя было ужасно жалко. Песни Сюй Вэйлуня до сих пор у меня в плейлисте.',
    likes: ['olya_dorama'],
  },
  {
    author: 'olya_dorama',
    titleSlug: 'dozhdlivye-dni-v-taybee',
    text: 'Сериал уже не новый, но атмосфера Тайбэя под дождём просто волшебная. Любовный треугольник раздражал, но финалом я довольна.',
  },
  {
    author: 'lakorn_kat',
    titleSlug: 'bangkokskie-ogni',
    text: 'Мой первый криминальный лакорн — и сразу в самое сердце. Нат играет так, что веришь каждой сцене, а экшен на уровне хорошего кино.',
    likes: ['tea_and_drama', 'seoul_max'],
    replies: [{ author: 'seoul_max', text: 'Посмотрел по твоему совету и не пожалел, спасибо!' }],
  },
  {
    author: 'seoul_max',
    titleSlug: 'bangkokskie-ogni',
    text: 'Ожидал типичную мелодраму, а получил крепкий криминальный сериал. Местами наивно, но смотрится на одном дыхании.',
    likes: ['lakorn_kat'],
  },
  {
    author: 'lakorn_kat',
    titleSlug: 'shepot-reki-chaupkhraya',
    text: 'Мурашки с первой серии! Мистика здесь не страшная, а грустная и красивая. Каньярат — лучшая.',
    likes: ['sakura_fan'],
  },
  {
    author: 'tea_and_drama',
    titleSlug: 'shepot-reki-chaupkhraya',
    text: 'Атмосферно, но последние серии слишком запутанные: я так и не поняла, кто кем был в прошлой жизни.',
    dislikes: ['lakorn_kat'],
    replies: [
      { author: 'lakorn_kat', text: 'Пересмотри 11 серию, там всё объясняют через старые письма!' },
      { author: 'tea_and_drama', text: 'О, точно, пропустила этот момент. Спасибо!' },
    ],
  },
  {
    author: 'kdrama_lena',
    titleSlug: 'lyubov-po-raspisaniyu',
    text: 'Лёгкая, смешная, ровно то, что нужно после тяжёлого дня. Героиня с её ежедневником — это я.',
    likes: ['lakorn_kat', 'olya_dorama'],
  },
  {
    author: 'lakorn_kat',
    titleSlug: 'lyubov-po-raspisaniyu',
    text: 'Милота! Не шедевр, но я улыбалась все 14 серий. Жду, когда Вариса снова сыграет в романтической комедии.',
  },
  {
    author: 'sakura_fan',
    titleSlug: 'manilskaya-serenada',
    text: 'Впервые смотрела филиппинский сериал и не ожидала, что так затянет. Сорок серий — и ни одной проходной. Песни — отдельная любовь.',
    likes: ['lakorn_kat', 'tea_and_drama'],
    replies: [{ author: 'lakorn_kat', text: 'Ура, ещё одна поклонница Изабель Дела Крус :)' }],
  },
  {
    author: 'lakorn_kat',
    titleSlug: 'manilskaya-serenada',
    text: 'Очень эмоционально и по-семейному тепло. Подруга героини — моя любимица, надеюсь, актрисе скоро дадут главную роль.',
    likes: ['sakura_fan'],
  },
  {
    author: 'anime_ren',
    titleSlug: 'apteka-na-krayu-sveta',
    text: 'Самое доброе аниме последних лет. Каждая серия — маленькая притча, а рисовка похожа на живую акварель.',
    likes: ['sakura_fan', 'night_owl22'],
  },
  {
    author: 'night_owl22',
    titleSlug: 'apteka-na-krayu-sveta',
    text: 'Думал, будет скучно, а в итоге посмотрел за выходные. Голос главной героини очень приятный.',
    likes: ['anime_ren'],
  },
  {
    author: 'anime_ren',
    titleSlug: 'vosem-vetrov',
    text: 'Классический сёнэн в лучшем смысле: тренировки, турниры, дружба. Бои во втором сезоне — топ. Третий чуть слабее, но всё равно рекомендую.',
    likes: ['night_owl22', 'seoul_max'],
    replies: [{ author: 'night_owl22', text: 'Полностью согласен насчёт второго сезона, бой на мосту — легенда.' }],
  },
  {
    author: 'night_owl22',
    titleSlug: 'vosem-vetrov',
    text: 'Пятьдесят серий пролетели как один вечер. Хаятэ поначалу раздражал, но к финалу стал одним из любимых героев.',
  },
  {
    author: 'anime_ren',
    titleSlug: 'khroniki-oblachnogo-goroda',
    text: 'Третий сезон пока держит планку. Каждую неделю жду новую серию как праздник.',
    likes: ['night_owl22'],
  },
  {
    author: 'sakura_fan',
    titleSlug: 'khroniki-oblachnogo-goroda',
    text: 'Мир продуман до мелочей, хочется жить в этом облачном городе. Пятёрку поставила ещё до финала :)',
    likes: ['anime_ren'],
  },
  {
    author: 'tea_and_drama',
    titleSlug: 'bumazhnyy-kit',
    text: 'Смотрели всей семьёй, дочка потом неделю складывала китов из бумаги. Очень светлая сказка.',
    likes: ['anime_ren', 'sakura_fan'],
  },
  {
    author: 'anime_ren',
    titleSlug: 'bumazhnyy-kit',
    text: 'Классика, которую можно пересматривать каждый год. Сцена с китом над ночным городом до сих пор одна из самых красивых в аниме.',
  },
  {
    author: 'night_owl22',
    titleSlug: 'polnochnyy-parom',
    text: 'Держит в напряжении до самых титров. Кан Хён Сок великолепен, а концовку я так и не угадал.',
    likes: ['seoul_max'],
  },
  {
    author: 'seoul_max',
    titleSlug: 'polnochnyy-parom',
    text: 'Триллер в замкнутом пространстве — мой любимый жанр, и здесь всё сделано как надо. Минус балл за слишком удобную развязку.',
  },
  {
    author: 'seoul_max',
    titleSlug: 'neonovyy-port',
    text: 'Старый добрый гонконгский боевик с правильной атмосферой. Неон, дождь, портовые краны — красота.',
    likes: ['night_owl22'],
  },
  {
    author: 'night_owl22',
    titleSlug: 'neonovyy-port',
    text: 'Чён Винлок тут просто в ударе. Сюжет предсказуемый, но ради атмосферы это легко простить.',
  },
];

const RATING_ROWS: [string, string, 1 | 2 | 3 | 4 | 5][] = [
  // the reviewers' own scores
  ['sakura_fan', 'aromat-poslednego-leta', 5],
  ['seoul_max', 'aromat-poslednego-leta', 3],
  ['tea_and_drama', 'vrachi-nochnoy-smeny', 5],
  ['kdrama_lena', 'vrachi-nochnoy-smeny', 5],
  ['olya_dorama', 'maska-dlya-naslednitsy', 4],
  ['night_owl22', 'maska-dlya-naslednitsy', 3],
  ['kdrama_lena', 'khranitel-iz-dinastii-choson', 5],
  ['sakura_fan', 'khranitel-iz-dinastii-choson', 5],
  ['tea_and_drama', 'devyat-lun-nad-loyanom', 5],
  ['seoul_max', 'devyat-lun-nad-loyanom', 3],
  ['lakorn_kat', 'imperatorskiy-lekar', 5],
  ['tea_and_drama', 'imperatorskiy-lekar', 4],
  ['olya_dorama', '100-dney-po-kontraktu', 4],
  ['night_owl22', '100-dney-po-kontraktu', 4],
  ['anime_ren', 'kafe-belyy-kot', 5],
  ['sakura_fan', 'kafe-belyy-kot', 5],
  ['seoul_max', 'tokiyskaya-prokuratura', 5],
  ['night_owl22', 'tokiyskaya-prokuratura', 4],
  ['kdrama_lena', 'dozhdlivye-dni-v-taybee', 4],
  ['olya_dorama', 'dozhdlivye-dni-v-taybee', 4],
  ['lakorn_kat', 'bangkokskie-ogni', 5],
  ['seoul_max', 'bangkokskie-ogni', 4],
  ['lakorn_kat', 'shepot-reki-chaupkhraya', 5],
  ['tea_and_drama', 'shepot-reki-chaupkhraya', 3],
  ['kdrama_lena', 'lyubov-po-raspisaniyu', 4],
  ['lakorn_kat', 'lyubov-po-raspisaniyu', 4],
  ['sakura_fan', 'manilskaya-serenada', 5],
  ['lakorn_kat', 'manilskaya-serenada', 5],
  ['anime_ren', 'apteka-na-krayu-sveta', 5],
  ['night_owl22', 'apteka-na-krayu-sveta', 4],
  ['anime_ren', 'vosem-vetrov', 5],
  ['night_owl22', 'vosem-vetrov', 5],
  ['anime_ren', 'khroniki-oblachnogo-goroda', 5],
  ['sakura_fan', 'khroniki-oblachnogo-goroda', 5],
  ['tea_and_drama', 'bumazhnyy-kit', 5],
  ['anime_ren', 'bumazhnyy-kit', 5],
  ['night_owl22', 'polnochnyy-parom', 5],
  ['seoul_max', 'polnochnyy-parom', 4],
  ['seoul_max', 'neonovyy-port', 4],
  ['night_owl22', 'neonovyy-port', 3],
  // scores without a review
  ['olya_dorama', 'aromat-poslednego-leta', 5],
  ['kdrama_lena', 'aromat-poslednego-leta', 4],
  ['lakorn_kat', 'aromat-poslednego-leta', 2],
  ['anime_ren', 'noch-bez-vampirov', 4],
  ['anime_ren', 'rising-gear', 3],
  ['night_owl22', 'gorod-bez-sna', 4],
  ['seoul_max', 'gorod-bez-sna', 5],
  ['tea_and_drama', 'yuki-iz-gornogo-ryokana', 5],
  ['tea_and_drama', 'chay-dlya-dvoikh', 4],
  ['lakorn_kat', 'gordost-semi-sirisak', 3],
  ['lakorn_kat', 'klinok-ayutthai', 4],
  ['kdrama_lena', 'zvezdy-s-pyatogo-etazha', 4],
  ['kdrama_lena', 'boss-na-polstavki', 3],
  ['olya_dorama', 'boss-na-polstavki', 4],
  ['sakura_fan', 'elfiyka-v-ofise', 4],
  ['night_owl22', 'elfiyka-v-ofise', 1],
  ['seoul_max', 'sos-v-koulune', 2],
  ['anime_ren', 'kulinarnyy-klub-vedm', 3],
  ['olya_dorama', 'khranitel-iz-dinastii-choson', 5],
  ['tea_and_drama', 'kafe-belyy-kot', 4],
];

export const RATINGS: RatingSeed[] = RATING_ROWS.map(([author, titleSlug, rating]) => ({ author, titleSlug, rating }));

const MARK_ROWS: [string, string, MarkTypeSeed][] = [
  ['sakura_fan', 'aromat-poslednego-leta', 'Избранное'],
  ['sakura_fan', 'khranitel-iz-dinastii-choson', 'Избранное'],
  ['sakura_fan', 'khroniki-oblachnogo-goroda', 'Смотрю'],
  ['sakura_fan', 'tysyacha-let-ozhidaniya', 'Буду смотреть'],
  ['sakura_fan', 'manilskaya-serenada', 'Смотрел'],
  ['olya_dorama', 'maska-dlya-naslednitsy', 'Смотрел'],
  ['olya_dorama', '100-dney-po-kontraktu', 'Избранное'],
  ['olya_dorama', 'obeshchanie-na-sebu', 'Смотрю'],
  ['olya_dorama', 'ofis-na-sorok-vtorom', 'Смотрю'],
  ['olya_dorama', 'zvezdy-s-pyatogo-etazha', 'Смотрю'],
  ['lakorn_kat', 'bangkokskie-ogni', 'Избранное'],
  ['lakorn_kat', 'shepot-reki-chaupkhraya', 'Избранное'],
  ['lakorn_kat', 'vasha-karma-gospodin-direktor', 'Смотрю'],
  ['lakorn_kat', 'privet-sosed', 'Буду смотреть'],
  ['lakorn_kat', 'legenda-ostrova-yava', 'Буду смотреть'],
  ['anime_ren', 'vosem-vetrov', 'Избранное'],
  ['anime_ren', 'khroniki-oblachnogo-goroda', 'Смотрю'],
  ['anime_ren', 'okhotniki-za-yokayami', 'Смотрю'],
  ['anime_ren', '2045-posledniy-signal', 'Буду смотреть'],
  ['anime_ren', 'prints-iz-sosednego-klassa', 'Не интересно'],
  ['anime_ren', 'apteka-na-krayu-sveta', 'Смотрел'],
  ['tea_and_drama', 'vrachi-nochnoy-smeny', 'Избранное'],
  ['tea_and_drama', 'devyat-lun-nad-loyanom', 'Избранное'],
  ['tea_and_drama', 'imperatorskiy-lekar', 'Смотрел'],
  ['tea_and_drama', 'mech-i-persikovyy-tsvet', 'Смотрю'],
  ['tea_and_drama', 'tsvetok-lotosa-v-grozu', 'Буду смотреть'],
  ['night_owl22', 'tokiyskaya-prokuratura', 'Смотрел'],
  ['night_owl22', 'polnochnyy-parom', 'Избранное'],
  ['night_owl22', 'neonovyy-port', 'Смотрел'],
  ['night_owl22', 'kulinarnyy-klub-vedm', 'Не интересно'],
  ['night_owl22', 'gorod-bez-sna', 'Смотрел'],
  ['kdrama_lena', 'khranitel-iz-dinastii-choson', 'Смотрел'],
  ['kdrama_lena', 'lyubov-po-raspisaniyu', 'Избранное'],
  ['kdrama_lena', 'zvezdy-s-pyatogo-etazha', 'Смотрю'],
  ['kdrama_lena', 'vtoraya-podacha', 'Буду смотреть'],
  ['kdrama_lena', 'idol-na-zamenu', 'Смотрю'],
  ['seoul_max', 'tokiyskaya-prokuratura', 'Избранное'],
  ['seoul_max', 'formula-chempiona', 'Смотрю'],
  ['seoul_max', 'granitnyy-sled', 'Смотрел'],
  ['seoul_max', 'sos-v-koulune', 'Не интересно'],
];

export const MARKS: MarkSeed[] = MARK_ROWS.map(([author, titleSlug, type]) => ({ author, titleSlug, type }));

export const FAVORITE_ACTORS: FavoriteActorSeed[] = [
  { author: 'sakura_fan', actorSlug: 'kim-seo-yun' },
  { author: 'sakura_fan', actorSlug: 'park-tae-gyeong' },
  { author: 'sakura_fan', actorSlug: 'isabel-dela-cruz' },
  { author: 'olya_dorama', actorSlug: 'wang-ruoxi' },
  { author: 'olya_dorama', actorSlug: 'he-jiamin' },
  { author: 'lakorn_kat', actorSlug: 'nattapong-chaiyaphum' },
  { author: 'lakorn_kat', actorSlug: 'kanyarat-wongsiri' },
  { author: 'lakorn_kat', actorSlug: 'warisa-inthachai' },
  { author: 'anime_ren', actorSlug: 'nishimura-yui' },
  { author: 'anime_ren', actorSlug: 'yamaguchi-tetsuya' },
  { author: 'tea_and_drama', actorSlug: 'su-qingyan' },
  { author: 'tea_and_drama', actorSlug: 'jung-da-eun' },
  { author: 'night_owl22', actorSlug: 'cheung-wing-lok' },
  { author: 'kdrama_lena', actorSlug: 'hsu-weilun' },
  { author: 'seoul_max', actorSlug: 'kang-hyeon-seok' },
];

export const POSTS: PostSeed[] = [
  {
    author: 'sakura_fan',
    text: 'Досмотрела «Аромат последнего лета» и теперь не знаю, чем заполнить пустоту в душе. Посоветуйте что-нибудь такое же тихое и красивое 🥲',
    comments: [
      { author: 'olya_dorama', text: 'Попробуй «Дождливые дни в Тайбэе», там очень похожее настроение.' },
      { author: 'tea_and_drama', text: '«Кафе „Белый кот“» — идеальное лекарство.' },
    ],
    likes: ['olya_dorama', 'tea_and_drama', 'kdrama_lena'],
  },
  {
    author: 'lakorn_kat',
    text: 'Составила себе список лакорнов на лето: «Невеста с острова Самуи», «Клинок Аюттхаи» и, конечно, жду «Привет, сосед!». Кто со мной?',
    comments: [
      { author: 'sakura_fan', text: 'Я! Только добавь ещё «Манильскую серенаду»: она хоть и не тайская, но очень в тему.' },
    ],
    likes: ['sakura_fan', 'kdrama_lena'],
  },
  {
    author: 'anime_ren',
    text: 'Пересматриваю «Восемь ветров», прежде чем взяться за «Охотников за ёкаями». Бои всё так же хороши, а опенинг второго сезона до сих пор лучший.',
    comments: [{ author: 'night_owl22', text: 'Опенинг второго сезона — вечная классика.' }],
    likes: ['night_owl22', 'seoul_max'],
  },
  {
    author: 'tea_and_drama',
    text: 'Заварила улун и включила «Чай для двоих». Кажется, это самый уютный вечер за месяц.',
    likes: ['sakura_fan', 'olya_dorama', 'kdrama_lena'],
  },
  {
    author: 'night_owl22',
    text: 'Кто-нибудь понял концовку «Эксперимента номер девять»? Я посмотрел два раза, и у меня уже три теории.',
    comments: [
      { author: 'seoul_max', text: 'Моя версия: девятый участник — это сам куратор эксперимента.' },
      { author: 'anime_ren', text: 'Мне кажется, там намёк на временную петлю. Обрати внимание на часы в первой сцене.' },
    ],
    likes: ['seoul_max'],
  },
  {
    author: 'kdrama_lena',
    text: 'Сегодня ровно год, как я смотрю дорамы. Начинала с «Хранителя из династии Чосон», а теперь в списке «Смотрел» уже больше сорока сериалов!',
    comments: [
      { author: 'sakura_fan', text: 'Поздравляю! Отличный выбор для начала 😊' },
      { author: 'olya_dorama', text: 'С годовщиной! Дальше будет только интереснее.' },
    ],
    likes: ['sakura_fan', 'olya_dorama', 'tea_and_drama', 'lakorn_kat'],
  },
  {
    author: 'seoul_max',
    text: 'Ставлю «Токийскую прокуратуру» в личный топ детективов. За три сезона ни одной лишней сцены.',
    likes: ['night_owl22'],
  },
  {
    author: 'olya_dorama',
    text: 'Новая серия «Офиса на сорок втором» — это было сильно. Не буду спойлерить, но лифт, лифт!!!',
    comments: [{ author: 'kdrama_lena', text: 'Я кричала на весь дом 😂' }],
    likes: ['kdrama_lena', 'sakura_fan'],
  },
  {
    author: 'sakura_fan',
    text: 'Купила себе рамку «Лепестки сакуры» — теперь профиль выглядит как надо 🌸',
    comments: [{ author: 'lakorn_kat', text: 'Очень красиво! Тоже задумалась о Премиум+.' }],
    likes: ['lakorn_kat'],
  },
  {
    author: 'anime_ren',
    text: 'Напоминаю, что в этом году выходит «2045: Последний сигнал» Ямагути Тэцуи. Уже добавил в «Буду смотреть».',
    likes: ['night_owl22', 'sakura_fan'],
  },
  {
    author: 'lakorn_kat',
    text: 'Начала учить тайский после «Бангкокских огней». Пока знаю только «спасибо» и «очень вкусно», но это только начало!',
    comments: [{ author: 'tea_and_drama', text: 'Самые важные слова уже есть 😄' }],
    likes: ['tea_and_drama', 'sakura_fan', 'olya_dorama'],
  },
  {
    author: 'tea_and_drama',
    text: 'Маленький совет новичкам: если не понравилась первая серия исторической дорамы, дайте ей хотя бы три. Обычно всё самое интересное начинается, когда познакомишься с героями.',
    comments: [{ author: 'seoul_max', text: 'Золотое правило. С «Девятью лунами над Лояном» у меня было именно так.' }],
    likes: ['seoul_max', 'kdrama_lena', 'lakorn_kat'],
  },
];

export const PUBLIC_MESSAGES: PublicMessageSeed[] = [
  { author: 'sakura_fan', text: 'Всем привет! Кто что сегодня смотрит?' },
  { author: 'anime_ren', text: 'Новую серию «Хроник облачного города». Уже третий раз пересматриваю финальную сцену.', replyTo: 0 },
  { author: 'lakorn_kat', text: 'Вышла 9 серия «Ваша карма, господин директор»! Смеюсь весь вечер.', replyTo: 0 },
  { author: 'olya_dorama', text: 'А у меня марафон «Маски для наследницы», второй сезон.' },
  { author: 'kdrama_lena', text: 'Оля, держись, там в конце такое...', replyTo: 3 },
  { author: 'olya_dorama', text: 'Только без спойлеров, пожалуйста! 🙈', replyTo: 4 },
  { author: 'night_owl22', text: 'Посоветуйте хороший детектив, можно не корейский.' },
  { author: 'seoul_max', text: '«Токийская прокуратура». Без вариантов.', replyTo: 6 },
  { author: 'tea_and_drama', text: 'Ещё «Немой свидетель» — китайский, очень напряжённый.', replyTo: 6 },
  { author: 'night_owl22', text: 'Спасибо, начну с прокуратуры!', replyTo: 7 },
  { author: 'sakura_fan', text: 'Кстати, в «Обещании на Себу» уже 21 серия.' },
  { author: 'lakorn_kat', text: 'Смотрю! Изабель там поёт чуть ли не в каждой серии, я счастлива.', replyTo: 10 },
  { author: 'anime_ren', text: 'Кто-нибудь смотрел «Охотников за ёкаями»? Стоит начинать?' },
  { author: 'night_owl22', text: 'Стоит, первый сезон очень бодрый, второй пока тоже держит уровень.', replyTo: 12 },
  { author: 'tea_and_drama', text: 'А «Чай для двоих» сильно медленный? Хочется чего-то спокойного на вечер.' },
  { author: 'sakura_fan', text: 'Медленный, но очень уютный. Под чай — идеально 😊', replyTo: 14 },
  { author: 'kdrama_lena', text: 'Жду не дождусь «Ночного шефа»: Чхве Мин Джэ и кулинария — лучшее сочетание.' },
  { author: 'olya_dorama', text: 'И Пэк На Ри! Она во «Врачах ночной смены» была прекрасна.', replyTo: 16 },
  { author: 'seoul_max', text: 'Посмотрел «Полночный паром». Всем любителям триллеров — срочно смотреть.' },
  { author: 'night_owl22', text: 'Подтверждаю, концовка огонь.', replyTo: 18 },
  { author: 'lakorn_kat', text: 'А кто ждёт «Легенду острова Ява»? Судя по кадрам, будет очень красиво.' },
  { author: 'tea_and_drama', text: 'Я жду! Очень люблю такие приключенческие истории.', replyTo: 20 },
  { author: 'anime_ren', text: 'Напоминаю: сегодня вечером выходит новая серия «Фарфоровой луны».' },
  { author: 'kdrama_lena', text: 'Ой, спасибо, чуть не забыла!', replyTo: 22 },
  { author: 'sakura_fan', text: 'Кто-нибудь уже смотрит «Идол на замену»? Как вам?' },
  { author: 'olya_dorama', text: 'Мне нравится! Смешно, и главная героиня очень милая.', replyTo: 24 },
  { author: 'seoul_max', text: 'Вопрос к знатокам: с какого лакорна лучше начать новичку?' },
  { author: 'lakorn_kat', text: '«Любовь по расписанию» — лёгкий и смешной. А если хочется драмы, то «Бангкокские огни».', replyTo: 26 },
  { author: 'seoul_max', text: '«Бангкокские огни» я уже видел, отличные. Значит, следующей будет «Любовь по расписанию».', replyTo: 27 },
  { author: 'tea_and_drama', text: 'Всем хорошего вечера и приятного просмотра! 🍵' },
];

export const PRIVATE_CHATS: PrivateChatSeed[] = [
  {
    between: ['sakura_fan', 'olya_dorama'],
    messages: [
      { author: 'sakura_fan', text: 'Оль, привет! Ты уже досмотрела «Маску для наследницы»?' },
      { author: 'olya_dorama', text: 'Привет! Вчера ночью, в два часа 😅 Финал немного скомканный, но мне понравилось.' },
      { author: 'sakura_fan', text: 'Я так и думала. Давай в выходные начнём что-нибудь вместе? Например, «Офис на сорок втором».' },
      { author: 'olya_dorama', text: 'Давай! Только я уже смотрю второй сезон, так что первый пересмотрю с тобой с удовольствием.' },
      { author: 'sakura_fan', text: 'Отлично, тогда в субботу в восемь. Я с чаем и печеньем.' },
      { author: 'olya_dorama', text: 'Договорились! 🍪' },
    ],
  },
  {
    between: ['lakorn_kat', 'tea_and_drama'],
    messages: [
      { author: 'lakorn_kat', text: 'Марина, здравствуйте! Прочитала ваш отзыв про «Шёпот реки Чаупхрая». Вы досмотрели в итоге?' },
      { author: 'tea_and_drama', text: 'Здравствуйте, Катя! Да, пересмотрела 11 серию, как вы советовали, — и всё встало на свои места.' },
      { author: 'lakorn_kat', text: 'Ура! Тогда рекомендую ещё «Цветок лотоса в грозу», там та же Сирипорн Кэвмани.' },
      { author: 'tea_and_drama', text: 'Добавила в «Буду смотреть». Спасибо, что подсказываете, сама бы до лакорнов не добралась.' },
      { author: 'lakorn_kat', text: 'Всегда пожалуйста! Пишите, если захочется обсудить.' },
    ],
  },
  {
    between: ['anime_ren', 'night_owl22'],
    messages: [
      { author: 'night_owl22', text: 'Артём, привет. Хочу начать «Rising Gear», это не слишком старое?' },
      { author: 'anime_ren', text: 'Привет! Рисовка, конечно, уже не новая, но сюжет до сих пор отлично держится. Первые три серии медленные — не бросай.' },
      { author: 'night_owl22', text: 'Понял. А после него что?' },
      { author: 'anime_ren', text: 'Тогда «Восемь ветров» — там тоже Киридзима Рэн озвучивает, тебе понравится.' },
      { author: 'night_owl22', text: 'Отлично, план на месяц готов 👍' },
    ],
  },
];
