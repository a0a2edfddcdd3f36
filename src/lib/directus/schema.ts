/**
 * Types of the collections the site reads, named as in directus/schema/collections.ts, and the
 * `Schema` handed to `@directus/sdk` so field lists and filters are checked against them.
 * A relation is `id | Item` (and a to-many relation `id[] | Item[]`): the SDK tells relational
 * fields from plain ones by that union, and a row read without nested fields holds ids.
 */
import type {
  MARK_TYPES, REACTION_TYPES, RELEASE_STATUSES, SHOP_TYPES, SOURCES, TITLE_STATUSES, TYPE_SOURCES, GENDERS,
} from '../../../shared/rules.ts';

export type TitleStatus = (typeof TITLE_STATUSES)[number];
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export type TypeSource = (typeof TYPE_SOURCES)[number];
export type Source = (typeof SOURCES)[number];
export type ShopType = (typeof SHOP_TYPES)[number];
export type Gender = (typeof GENDERS)[number];
export type Mark = (typeof MARK_TYPES)[number];
export type Reaction = (typeof REACTION_TYPES)[number];

/** The file fields a visitor may read (directus/access/policies.ts). */
export interface SiteFile {
  id: string;
  title: string | null;
  type: string | null;
  filename_download: string;
  filesize: number | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  description: string | null;
  focal_point_x: number | null;
  focal_point_y: number | null;
  uploaded_on: string | null;
  modified_on: string | null;
}

type FileRef = string | SiteFile;

export interface Title {
  id: number;
  status: TitleStatus;
  slug: string;
  name: string;
  originalName: string | null;
  anotherName: string | null;
  description: string | null;
  poster: FileRef | null;
  releaseYear: number | null;
  releaseStatus: ReleaseStatus | null;
  ageRating: string | null;
  views: number | null;
  promo: boolean | null;
  category: number | Category | null;
  subCategory: number | SubCategory | null;
  country: number | Country | null;
  countSeasons: number | null;
  countEpisodes: number | null;
  genres: number[] | TitleGenre[];
  actors: number[] | TitlePerson[];
  directors: number[] | TitleDirector[];
  screenwriters: number[] | TitleScreenwriter[];
  images: number[] | TitleImage[];
  tags: number[] | TitleTag[];
  typeSource: TypeSource | null;
  source: Source | null;
  iframe: string | null;
  video: FileRef | null;
  iframeSeries: string | null;
  series: number[] | Series[];
  iframeSeasons: number[] | IframeSeason[];
  soundtracks: number[] | Soundtrack[];
  comments: number[] | Comment[];
  searchText: string | null;
  date_created: string | null;
  date_updated: string | null;
}

/** Junction rows of the title's many-to-many relations (Directus's own `<collection>_id` naming). */
export interface TitleGenre { id: number; titles_id: number | Title | null; genres_id: number | Genre | null }
export interface TitlePerson { id: number; titles_id: number | Title | null; actors_id: number | Actor | null }
export interface TitleDirector { id: number; titles_id: number | Title | null; actors_id: number | Actor | null }
export interface TitleScreenwriter { id: number; titles_id: number | Title | null; actors_id: number | Actor | null }
export interface TitleImage { id: number; titles_id: number | Title | null; directus_files_id: FileRef | null }
export interface TitleTag { id: number; titles_id: number | Title | null; tags_id: number | Tag | null }

export interface Category {
  id: number;
  name: string;
  slug: string;
  sort: number | null;
  subCategories: number[] | SubCategory[];
}

export interface SubCategory {
  id: number;
  name: string;
  slug: string;
  category: number | Category;
  sort: number | null;
}

export interface Genre { id: number; name: string; image: FileRef | null }
export interface Country { id: number; name: string }
export interface Tag { id: number; name: string; slug: string }

export interface Actor {
  id: number;
  slug: string;
  nameRu: string;
  nameEn: string | null;
  avatar: FileRef | null;
  biography: string | null;
  career: string | null;
  dob: string | null;
  birthPlace: string | null;
  genres: number[] | ActorGenre[];
  images: number[] | ActorImage[];
}
export interface ActorGenre { id: number; actors_id: number | Actor | null; genres_id: number | Genre | null }
export interface ActorImage { id: number; actors_id: number | Actor | null; directus_files_id: FileRef | null }

export interface Series {
  id: number;
  title: number | Title;
  season: number | IframeSeason | null;
  name: string;
  sort: number | null;
  source: Source | null;
  iframe: string | null;
  video: FileRef | null;
  deleted: boolean | null;
}

export interface IframeSeason {
  id: number;
  title: number | Title;
  name: string;
  sort: number | null;
  series: number[] | Series[];
}

export interface Soundtrack {
  id: number;
  name: string;
  title: number | Title;
  soundtracks: number[] | SoundtrackFile[];
}
export interface SoundtrackFile { id: number; soundtracks_id: number | Soundtrack | null; directus_files_id: FileRef | null }

export interface MainBanner {
  id: number;
  title: string;
  description: string | null;
  image: FileRef | null;
  priority: number | null;
  link: string | null;
}

export interface Update {
  id: number;
  title: number | Title;
  description: string;
  date_created: string | null;
}

/** The `static` singleton: social links and the static pages' images and rich texts. */
export interface StaticContent {
  id: number;
  vk: string | null;
  telegram: string | null;
  updatesImage: FileRef | null;
  privacyPolicyImg: FileRef | null;
  privacyPolicyText: string | null;
  copyrightImg: FileRef | null;
  copyrightText: string | null;
  aboutImg: FileRef | null;
  aboutText: string | null;
  partnersImg: FileRef | null;
  partnersText: string | null;
}

export interface ShopItem {
  id: number;
  status: 'published' | 'draft';
  type: ShopType;
  name: string;
  nameColor: string | null;
  nameEffect: string | null;
  frameProfile: FileRef | null;
  frameMessage: FileRef | null;
  backgroundFile: FileRef | null;
  sort: number | null;
}

export interface Plan {
  id: number;
  name: string;
  price: number | string;
  currency: string;
  features: string[] | null;
  role: string;
  durationDays: number;
}

/** What anyone may read of a person (PUBLIC_USER_FIELDS of the access rules). */
export interface PublicUser {
  id: string;
  login: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: FileRef | null;
  frame: number | ShopItem | null;
  nameColor: number | ShopItem | null;
  background: number | ShopItem | null;
  dob: string | null;
  gender: Gender | null;
  aboutMe: string | null;
  last_access: string | null;
}

type UserRef = string | PublicUser;

export interface Comment {
  id: number;
  text: string;
  title: number | Title | null;
  comment: number | Comment | null;
  post: number | Post | null;
  images: number[] | CommentFile[];
  user_created: UserRef | null;
  date_created: string | null;
  replies: number[] | Comment[];
  reactions: number[] | ReactionRow[];
}
export interface CommentFile { id: number; comments_id: number | Comment | null; directus_files_id: FileRef | null }

export interface ReactionRow {
  id: number;
  type: Reaction;
  comment: number | Comment | null;
  post: number | Post | null;
  date_created: string | null;
}

export interface Post {
  id: number;
  text: string;
  images: number[] | PostFile[];
  user_created: UserRef | null;
  date_created: string | null;
  comments: number[] | Comment[];
  reactions: number[] | ReactionRow[];
}
export interface PostFile { id: number; posts_id: number | Post | null; directus_files_id: FileRef | null }

export interface Chat {
  id: number;
  user_created: UserRef | null;
  user_invited: number[] | ChatMember[];
  date_created: string | null;
  messages: number[] | Message[];
}
export interface ChatMember { id: number; chats_id: number | Chat | null; directus_users_id: UserRef | null }

export interface Message {
  id: number;
  text: string | null;
  message: number | Message | null;
  images: number[] | MessageFile[];
  publicChat: boolean | null;
  privateChat: number | Chat | null;
  user_created: UserRef | null;
  date_created: string | null;
  date_updated: string | null;
}
export interface MessageFile { id: number; messages_id: number | Message | null; directus_files_id: FileRef | null }

export interface SupportRequest {
  id: number;
  name: string;
  email: string;
  topic: string | null;
  message: string;
  date_created: string | null;
}

/** The schema as `@directus/sdk` wants it: collection name → item list (an item for a singleton). */
export interface Schema {
  titles: Title[];
  titles_genres: TitleGenre[];
  titles_actors: TitlePerson[];
  titles_directors: TitleDirector[];
  titles_screenwriters: TitleScreenwriter[];
  titles_images: TitleImage[];
  titles_tags: TitleTag[];
  categories: Category[];
  subCategories: SubCategory[];
  genres: Genre[];
  countries: Country[];
  tags: Tag[];
  actors: Actor[];
  actors_genres: ActorGenre[];
  actors_images: ActorImage[];
  series: Series[];
  iframeSeasons: IframeSeason[];
  soundtracks: Soundtrack[];
  soundtracks_files: SoundtrackFile[];
  mainBanners: MainBanner[];
  updates: Update[];
  static: StaticContent;
  shop: ShopItem[];
  plans: Plan[];
  comments: Comment[];
  comments_files: CommentFile[];
  reactions: ReactionRow[];
  posts: Post[];
  posts_files: PostFile[];
  chats: Chat[];
  chats_directus_users: ChatMember[];
  messages: Message[];
  messages_files: MessageFile[];
  supportRequests: SupportRequest[];
  directus_users: PublicUser[];
  directus_files: SiteFile[];
}
