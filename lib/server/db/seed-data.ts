import 'server-only';
import type { TAG_LABELS } from '@/lib/constants';

/**
 * The demo catalogue. Natural keys (slugs, plan types, numbers) are stable: seed.ts derives every id from them, so
 * editing a text and re-seeding updates rows in place. Names and stories are fictional.
 */

export type TagLabel = (typeof TAG_LABELS)[number];

export type SeedGenre = { slug: string; name: string };

export const GENRES: SeedGenre[] = [
  { slug: 'romance', name: 'Romance' },
  { slug: 'drama', name: 'Drama' },
  { slug: 'revenge', name: 'Revenge' },
  { slug: 'office-romance', name: 'Office Romance' },
  { slug: 'family-secrets', name: 'Family Secrets' },
  { slug: 'thriller', name: 'Thriller' },
  { slug: 'comedy', name: 'Comedy' },
  { slug: 'fantasy', name: 'Fantasy' },
];

export type SeedEpisode = {
  number: number; // 1.. (the trailer, 0, is added by `trailer: true`)
  title: string | null;
  description: string;
  season?: number;
};

export type SeedTitle = {
  slug: string;
  name: string;
  type: 1 | 2;
  description: string;
  /** One line for the poster art (scripts/demo-art.ts); not stored. */
  tagline: string;
  releaseYear: number;
  genres: string[]; // genre slugs, first = primary (shown on the art)
  tags: TagLabel[];
  isPremium: boolean;
  trailer: boolean;
  /** Episodes 1..freeEpisodes are free; later ones are premium and cost coinPrice coins. */
  freeEpisodes: number;
  coinPrice: number;
  seasons?: { number: number; title: string | null }[];
  episodes: SeedEpisode[];
  /** Single-purchase price of episode 1 (premium movies), in centavos. */
  premiumPriceCentavos?: number;
  totalAddedToList: number;
  /** Ordering of "latest": published this many days before SEED_EPOCH. */
  publishedDaysAgo: number;
};

/** Fixed reference date so seeded timestamps are deterministic. */
export const SEED_EPOCH = new Date('2025-06-01T08:00:00+08:00');

const eps = (list: [string | null, string][], season?: number, start = 1): SeedEpisode[] =>
  list.map(([title, description], i) => ({ number: start + i, title, description, ...(season ? { season } : {}) }));

const movie = (name: string, description: string): SeedEpisode[] => [{ number: 1, title: name, description }];

export const TITLES: SeedTitle[] = [
  {
    slug: 'lihim-ng-bilyonaryo',
    name: 'Lihim ng Bilyonaryo',
    type: 2,
    description:
      'Si Mara, isang barista sa Makati, ay napilitang magpanggap na fiancée ng mailap na bilyonaryong si Adrian Villacorta para iligtas ang maliit na negosyo ng kanyang pamilya. Pero habang tumatagal ang palabas, lumalalim ang damdamin — at ang mga lihim na matagal nang ibinaon ng pamilya Villacorta.',
    tagline: 'Isang kasunduan. Isang lihim. Isang pusong hindi marunong magpanggap.',
    releaseYear: 2025,
    genres: ['romance', 'family-secrets', 'drama'],
    tags: ['Romantic', 'Passionate', 'Drama', 'Emotional'],
    isPremium: true,
    trailer: true,
    freeEpisodes: 3,
    coinPrice: 10,
    seasons: [
      { number: 1, title: null },
      { number: 2, title: 'Ang Pagbabalik' },
      { number: 3, title: 'Ang Huling Lihim' },
    ],
    episodes: [
      ...eps(
        [
          ['Ang Alok', 'Isang gabing puno ng ulan, isang alok na hindi matanggihan ni Mara.'],
          ['Singsing na Hiram', 'Unang hapunan kasama ang pamilya Villacorta — at unang kasinungalingan.'],
          ['Sa Ilalim ng Iisang Bubong', 'Kailangang tumira ni Mara sa penthouse ni Adrian para kapani-paniwala ang palabas.'],
          ['Ang Unang Halik', 'Sa harap ng mga kamera, isang halik na hindi na pala palabas.'],
        ],
        1,
      ),
      ...eps(
        [
          ['Tatlong Taon Pagkalipas', 'Bumalik si Mara sa Maynila na may bagong pangalan at bagong dahilan.'],
          ['Ang Kasosyo', 'Isang misteryosong investor ang gustong bilhin ang Villacorta Holdings.'],
          ['Mga Sulat ni Lola Remedios', 'Natagpuan ni Mara ang mga liham na nagbabago sa lahat ng alam niya.'],
          ['Pagtataksil', 'Isang kakampi ang lumipat ng panig sa gitna ng board meeting.'],
        ],
        2,
        5,
      ),
      ...eps(
        [
          ['Dugo at Pangalan', 'Lumabas ang katotohanan tungkol sa tunay na tagapagmana.'],
          ['Ang Testamento', 'Isang testamentong nakatago sa loob ng tatlumpung taon.'],
          ['Wakas at Simula', 'Pipiliin ba ni Adrian ang pamilya o ang babaeng minahal niya?'],
        ],
        3,
        9,
      ),
    ],
    totalAddedToList: 4821,
    publishedDaysAgo: 1,
  },
  {
    slug: 'kasal-sa-kontrata',
    name: 'Kasal sa Kontrata',
    type: 2,
    description:
      'Isang taon. Isang kontrata. Walang halong damdamin — iyon ang usapan nina Celine at ng CEO na si Rafael Montenegro. Pero paano kung ang pinakamahirap sundin na patakaran ay ang huwag mahulog?',
    tagline: 'Bawal ma-in love. Nakasulat sa kontrata.',
    releaseYear: 2025,
    genres: ['romance', 'office-romance'],
    tags: ['Romance', 'Steamy', 'Hot', 'Romantic'],
    isPremium: true,
    trailer: true,
    freeEpisodes: 3,
    coinPrice: 8,
    episodes: eps([
      ['Pirma', 'Pumirma si Celine sa kontratang magbabago sa buhay niya.'],
      ['Mga Patakaran', 'Rule number one: walang magtatanong tungkol sa nakaraan.'],
      ['Honeymoon sa Palawan', 'Isang pekeng honeymoon, isang kwarto, isang kama.'],
      ['Ex ni Rafael', 'Dumating ang babaeng minsang sumira sa puso ng CEO.'],
      ['Selos', 'Hindi kasama sa kontrata ang magselos — pero nangyari.'],
      ['Lihim na Sugnay', 'May sugnay sa kontrata na hindi nabasa ni Celine.'],
      ['Pag-amin', 'Sa gitna ng bagyo, umamin si Rafael.'],
      ['Pagtatapos ng Kontrata', 'Isang taon na. Aalis ba si Celine?'],
    ]),
    totalAddedToList: 3912,
    publishedDaysAgo: 3,
  },
  {
    slug: 'boss-kong-masungit',
    name: 'Boss Kong Masungit',
    type: 2,
    description:
      'Unang araw pa lang ni Jessa sa trabaho, nabuhusan na niya ng kape ang bagong boss. Ngayon, araw-araw niyang pinagbabayaran iyon — at araw-araw din siyang kinikilig.',
    tagline: 'Masungit sa opisina. Iba pagkatapos ng alas-singko.',
    releaseYear: 2024,
    genres: ['office-romance', 'comedy'],
    tags: ['Comedy', 'Romantic', 'Sexy'],
    isPremium: true,
    trailer: false,
    freeEpisodes: 3,
    coinPrice: 5,
    episodes: eps([
      ['Kape sa Polo', 'Unang araw sa trabaho, unang sablay: kape sa mamahaling polo ng bagong boss.'],
      ['Overtime', 'Pinag-overtime si Jessa — silang dalawa lang sa buong floor.'],
      ['Team Building', 'Isang team building sa Tagaytay na nauwi sa kilig.'],
      ['Chismis sa Pantry', 'Kumalat ang balitang may namamagitan sa kanila.'],
      ['Ang Karibal', 'Dumating ang bagong manager na may gusto rin kay Jessa.'],
      ['Resignation Letter', 'Nagpasya si Jessa na umalis. Pipigilan ba siya?'],
      [null, 'Sa elevator na huminto, walang matatakbuhan ang damdamin.'],
    ]),
    totalAddedToList: 2756,
    publishedDaysAgo: 6,
  },
  {
    slug: 'ganti-ng-inabandona',
    name: 'Ganti ng Inabandona',
    type: 2,
    description:
      'Iniwan si Isabel sa araw mismo ng kanilang kasal, walang pera, walang pamilya, at may dinadalang lihim. Limang taon ang lumipas, bumalik siya bilang pinakamayamang babae sa Cebu — at handa na siyang singilin ang lahat ng nagkasala sa kanya.',
    tagline: 'Hindi siya bumalik para magpatawad.',
    releaseYear: 2025,
    genres: ['revenge', 'drama', 'thriller'],
    tags: ['Intense', 'Drama', 'Suspenseful', 'Emotional'],
    isPremium: true,
    trailer: true,
    freeEpisodes: 3,
    coinPrice: 12,
    episodes: eps([
      ['Ang Altar', 'Naghintay si Isabel sa altar. Hindi dumating ang lalaki.'],
      ['Limang Taon', 'Isang bagong mukha sa pinakamalaking gala sa Cebu.'],
      ['Unang Hakbang', 'Binili ni Isabel ang kumpanyang minsang nagtaboy sa kanya.'],
      ['Ang Kapatid', 'Ang kapatid na nagtaksil ay nagsisimulang kabahan.'],
      ['Larawan sa Lumang Album', 'Isang larawan ang naglantad kung sino ang tunay na nagplano.'],
      ['Paanyaya', 'Isang imbitasyon sa kasal — ng lalaking nang-iwan sa kanya.'],
      ['Ang Pagbagsak', 'Isa-isang bumabagsak ang mga nagkasala.'],
      ['Kapatawaran', 'Sa dulo ng paghihiganti, ano pa ang natitira sa puso?'],
    ]),
    totalAddedToList: 3388,
    publishedDaysAgo: 2,
  },
  {
    slug: 'anak-ng-mayor',
    name: 'Anak ng Mayor',
    type: 2,
    description:
      'Sa isang bayan sa Batangas, lahat ay may utang na loob sa pamilya ng Mayor. Nang umuwi ang bunsong anak na si Lia mula Maynila, natuklasan niya kung gaano kalalim ang mga lihim ng kanilang mansyon.',
    tagline: 'Sa bayang ito, walang lihim na hindi alam ng Mayor. Maliban sa isa.',
    releaseYear: 2024,
    genres: ['family-secrets', 'drama'],
    tags: ['Drama', 'Mystery', 'Emotional'],
    isPremium: true,
    trailer: false,
    freeEpisodes: 3,
    coinPrice: 6,
    episodes: eps([
      ['Pag-uwi', 'Bumalik si Lia sa bayang pinilit niyang kalimutan.'],
      ['Pista', 'Sa gitna ng pista, isang estrangherong nakakaalam ng pangalan niya.'],
      ['Ang Kwarto sa Dulo', 'Isang kwartong laging nakakandado sa mansyon.'],
      ['Halalan', 'Papalapit ang eleksyon at may gustong manahimik si Lia.'],
      ['Tunay na Ina', 'Isang pag-amin na yumanig sa buong pamilya.'],
      ['Ang Bagong Mayor', 'Pipiliin ni Lia ang katotohanan o ang pamilya.'],
    ]),
    totalAddedToList: 1984,
    publishedDaysAgo: 12,
  },
  {
    slug: 'ang-diwata-ng-taal',
    name: 'Ang Diwata ng Taal',
    type: 2,
    description:
      'Isang photographer na naligaw sa lawa ng Taal ang nailigtas ng isang misteryosang babae na hindi tumatanda. Sa pagitan ng dalawang mundo, isang pag-ibig na ipinagbabawal ng mga engkanto.',
    tagline: 'Isang pag-ibig na ipinagbabawal ng dalawang mundo.',
    releaseYear: 2025,
    genres: ['fantasy', 'romance'],
    tags: ['Fantasy', 'Romantic', 'Adventure'],
    isPremium: true,
    trailer: true,
    freeEpisodes: 3,
    coinPrice: 7,
    episodes: eps([
      ['Hamog sa Lawa', 'Isang bangkang naligaw sa makapal na hamog.'],
      ['Ang Babaeng Walang Anino', 'Nakita ni Enzo ang babaeng hindi nag-iiwan ng anino.'],
      ['Kasunduan sa Buwan', 'Isang kasunduang nakatali sa kabilugan ng buwan.'],
      ['Ang Hari ng Bulkan', 'Hindi papayag ang hari ng mga engkanto.'],
      ['Pagsabog', 'Nagising ang bulkan, at ang lahat ng lihim nito.'],
      ['Sa Pagitan ng Dalawang Mundo', 'Isang pagpili na walang balikan.'],
    ]),
    totalAddedToList: 2210,
    publishedDaysAgo: 5,
  },
  {
    slug: 'swipe-right-sa-tadhana',
    name: 'Swipe Right sa Tadhana',
    type: 2,
    description: 'Limang first date, limang sakuna. Pero paano kung ang tamang tao ay ang kaibigang laging sumasalo sa kanya pagkatapos?',
    tagline: 'Limang date. Isang tamang tao.',
    releaseYear: 2024,
    genres: ['comedy', 'romance'],
    tags: ['Comedy', 'Romantic'],
    isPremium: false,
    trailer: false,
    freeEpisodes: 99,
    coinPrice: 0,
    episodes: eps([
      ['Date #1: Ang Gym Rat', 'Isang date na nauwi sa protein shake at pasa.'],
      ['Date #2: Ang Makata', 'Tatlong oras ng spoken word poetry.'],
      ['Date #3: Ang Mama\u2019s Boy', 'Kasama si Mommy sa date. Literal.'],
      ['Date #4: Ang Ex', 'Nag-match siya sa ex niya. Bakit pa siya pumunta?'],
      ['Date #5: Ang Kaibigan', 'Ang date na hindi niya inaasahan.'],
    ]),
    totalAddedToList: 1532,
    publishedDaysAgo: 20,
  },
  {
    slug: 'huwag-mo-akong-iwan',
    name: 'Huwag Mo Akong Iwan',
    type: 2,
    description:
      'Malapit na: isang OFW nurse sa Dubai at isang seaman na laging nasa laot, at isang pag-ibig na sinusubok ng libu-libong milya at ng oras na hindi nila hawak.',
    tagline: 'Malapit na.',
    releaseYear: 2025,
    genres: ['drama', 'romance'],
    tags: ['Emotional', 'Drama'],
    isPremium: true,
    trailer: false,
    freeEpisodes: 3,
    coinPrice: 8,
    episodes: [],
    totalAddedToList: 864,
    publishedDaysAgo: 11,
  },
  {
    slug: 'mga-lihim-sa-forbes-park',
    name: 'Mga Lihim sa Forbes Park',
    type: 2,
    description:
      'Isang bagong kasambahay, isang pamilyang sobrang perpekto, at isang bangkay sa swimming pool. Sa likod ng mataas na pader ng Forbes Park, lahat ay may itinatago.',
    tagline: 'Sa likod ng mataas na pader, lahat may itinatago.',
    releaseYear: 2024,
    genres: ['family-secrets', 'thriller'],
    tags: ['Mystery', 'Suspenseful', 'Wild'],
    isPremium: true,
    trailer: false,
    freeEpisodes: 2,
    coinPrice: 15,
    episodes: eps([
      ['Ang Bagong Kasambahay', 'Unang araw ni Nena sa mansyon ng mga Ledesma.'],
      ['Pool Party', 'Isang party na nauwi sa trahedya.'],
      ['Mga Saksi', 'Walang nakakita. O ayaw lang magsalita?'],
      ['Ang Tagapagmana', 'Sino ang makikinabang sa pagkamatay?'],
      ['CCTV', 'Nawawala ang labinlimang minuto ng footage.'],
      ['Ang Huling Hapunan', 'Isang hapunan kung saan lalabas ang lahat ng lihim.'],
    ]),
    totalAddedToList: 2477,
    publishedDaysAgo: 9,
  },
  {
    slug: 'ang-huling-sayaw',
    name: 'Ang Huling Sayaw',
    type: 1,
    description:
      'Dalawang dating magkasintahan, minsang pinaghiwalay ng pangarap, ang muling nagtagpo sa isang ballroom competition sa Maynila. Isang huling sayaw bago tuluyang magpaalam — o muling magsimula.',
    tagline: 'Isang huling sayaw bago magpaalam.',
    releaseYear: 2025,
    genres: ['romance', 'drama'],
    tags: ['Passionate', 'Romantic', 'Emotional'],
    isPremium: true,
    trailer: true,
    freeEpisodes: 0,
    coinPrice: 15,
    episodes: movie('Ang Huling Sayaw', 'Ang buong pelikula: isang gabi, isang sayaw, isang huling pagkakataon.'),
    premiumPriceCentavos: 4900,
    totalAddedToList: 3120,
    publishedDaysAgo: 4,
  },
  {
    slug: 'gabi-ng-paghihiganti',
    name: 'Gabi ng Paghihiganti',
    type: 1,
    description:
      'Isang gabi. Isang listahan ng pangalan. Isang babaeng walang nang mawawala. Sa loob ng labindalawang oras, sisingilin ni Carmina ang sindikatong pumatay sa kanyang kapatid.',
    tagline: 'Labindalawang oras. Isang listahan.',
    releaseYear: 2024,
    genres: ['revenge', 'thriller'],
    tags: ['Intense', 'Thriller', 'Action'],
    isPremium: true,
    trailer: true,
    freeEpisodes: 0,
    coinPrice: 15,
    episodes: movie('Gabi ng Paghihiganti', 'Ang buong pelikula.'),
    premiumPriceCentavos: 5900,
    totalAddedToList: 1876,
    publishedDaysAgo: 8,
  },
  {
    slug: 'kape-at-kilig',
    name: 'Kape at Kilig',
    type: 1,
    description: 'Isang coffee shop sa Maginhawa, isang barista na laging mali ang spelling ng pangalan, at isang suking hindi na ito itinatama.',
    tagline: 'Mali ang pangalan sa tasa. Tama ang tao.',
    releaseYear: 2023,
    genres: ['comedy', 'romance'],
    tags: ['Comedy', 'Romantic'],
    isPremium: false,
    trailer: false,
    freeEpisodes: 1,
    coinPrice: 0,
    episodes: movie('Kape at Kilig', 'Ang buong pelikula.'),
    totalAddedToList: 1204,
    publishedDaysAgo: 30,
  },
  {
    slug: 'ulan-sa-baguio',
    name: 'Ulan sa Baguio',
    type: 1,
    description:
      'Na-stranded sa Baguio dahil sa bagyo, napilitang magsalo sa iisang transient house ang isang brokenhearted na arkitekto at isang musikerong ayaw nang umibig. Tatlong araw ng ulan, kape at mga tanong na matagal nilang iniwasan.',
    tagline: 'Tatlong araw ng ulan. Isang pusong muling natuto.',
    releaseYear: 2024,
    genres: ['romance', 'drama'],
    tags: ['Romantic', 'Emotional'],
    isPremium: false,
    trailer: true,
    freeEpisodes: 1,
    coinPrice: 0,
    episodes: movie('Ulan sa Baguio', 'Ang buong pelikula.'),
    totalAddedToList: 2045,
    publishedDaysAgo: 14,
  },
  {
    slug: 'ang-sekretarya',
    name: 'Ang Sekretarya',
    type: 1,
    description:
      'Perpekto ang bagong sekretarya ni Atty. Salcedo: maaga, matalino, at laging nasa tabi niya. Masyadong perpekto. Hanggang sa mawala ang mga dokumentong kayang magpabagsak sa buong law firm.',
    tagline: 'Alam niya ang lahat ng iskedyul mo. At lahat ng lihim mo.',
    releaseYear: 2025,
    genres: ['office-romance', 'thriller'],
    tags: ['Sexy', 'Steamy', 'Suspenseful'],
    isPremium: true,
    trailer: false,
    freeEpisodes: 0,
    coinPrice: 12,
    episodes: movie('Ang Sekretarya', 'Ang buong pelikula.'),
    totalAddedToList: 2689,
    publishedDaysAgo: 7,
  },
  {
    slug: 'multo-sa-opisina',
    name: 'Multo sa Opisina',
    type: 1,
    description: 'Ang night-shift call center agent na si Bogs ay may bagong ka-team: isang multong HR manager na ayaw pa ring mag-resign.',
    tagline: 'Graveyard shift. Literal.',
    releaseYear: 2023,
    genres: ['comedy', 'fantasy'],
    tags: ['Comedy', 'Horror', 'Fantasy'],
    isPremium: false,
    trailer: false,
    freeEpisodes: 1,
    coinPrice: 0,
    episodes: movie('Multo sa Opisina', 'Ang buong pelikula.'),
    totalAddedToList: 987,
    publishedDaysAgo: 45,
  },
  {
    slug: 'tahan-na-mahal',
    name: 'Tahan Na, Mahal',
    type: 1,
    description:
      'Pagkatapos ng libing ng kanyang ama, natuklasan ni Bianca na may isa pa itong pamilya sa Iloilo — at isang kapatid na kasing-edad niya. Isang kwento ng galit, pagpapatawad at pagtanggap.',
    tagline: 'May mga sugat na pag-ibig lang ang gamot.',
    releaseYear: 2024,
    genres: ['drama', 'family-secrets'],
    tags: ['Drama', 'Emotional'],
    isPremium: false,
    trailer: true,
    freeEpisodes: 1,
    coinPrice: 0,
    episodes: movie('Tahan Na, Mahal', 'Ang buong pelikula.'),
    totalAddedToList: 1433,
    publishedDaysAgo: 21,
  },
  {
    slug: 'halik-sa-dilim',
    name: 'Halik sa Dilim',
    type: 1,
    description:
      'Tuwing brownout sa kanilang condo, may kumakatok sa pinto ni Trina. Hindi niya nakikita ang mukha nito — pero hindi niya makalimutan ang boses.',
    tagline: 'Hindi niya nakita ang mukha. Hindi niya malimutan ang boses.',
    releaseYear: 2025,
    genres: ['thriller', 'romance'],
    tags: ['Steamy', 'Mystery', 'Hot'],
    isPremium: true,
    trailer: false,
    freeEpisodes: 0,
    coinPrice: 10,
    episodes: movie('Halik sa Dilim', 'Ang buong pelikula.'),
    premiumPriceCentavos: 3900,
    totalAddedToList: 2301,
    publishedDaysAgo: 10,
  },
];

export type SeedArtist = { slug: string; name: string; bio: string; titles: { slug: string; role: string }[] };

export const ARTISTS: SeedArtist[] = [
  {
    slug: 'bea-santillan',
    name: 'Bea Santillan',
    bio: 'Dating theatre actress mula sa Quezon City na naging mukha ng mga vertical drama. Kilala sa kanyang mga eksenang nagpapaiyak at nagpapakilig sa parehong sandali.',
    titles: [
      { slug: 'lihim-ng-bilyonaryo', role: 'Mara' },
      { slug: 'kasal-sa-kontrata', role: 'Celine' },
      { slug: 'ang-huling-sayaw', role: 'Leah' },
    ],
  },
  {
    slug: 'paolo-dimaculangan',
    name: 'Paolo Dimaculangan',
    bio: 'Modelo at aktor mula sa Batangas. Ang paboritong "masungit na boss" ng mga manonood.',
    titles: [
      { slug: 'lihim-ng-bilyonaryo', role: 'Adrian Villacorta' },
      { slug: 'boss-kong-masungit', role: 'Sir Lance' },
      { slug: 'halik-sa-dilim', role: 'Ang Boses' },
    ],
  },
  {
    slug: 'andrea-villareal',
    name: 'Andrea Villareal',
    bio: 'Award-winning na aktres mula sa Cebu, kilala sa matatapang na papel ng mga babaeng lumalaban.',
    titles: [
      { slug: 'ganti-ng-inabandona', role: 'Isabel' },
      { slug: 'gabi-ng-paghihiganti', role: 'Carmina' },
      { slug: 'mga-lihim-sa-forbes-park', role: 'Nena' },
    ],
  },
  {
    slug: 'migo-evangelista',
    name: 'Migo Evangelista',
    bio: 'Singer-actor na sumikat sa kanyang mga rom-com. Siya rin ang kumanta ng theme song ng Ulan sa Baguio.',
    titles: [
      { slug: 'kape-at-kilig', role: 'Jomar' },
      { slug: 'swipe-right-sa-tadhana', role: 'Kiko' },
      { slug: 'ang-diwata-ng-taal', role: 'Enzo' },
      { slug: 'ulan-sa-baguio', role: 'Gab' },
    ],
  },
  {
    slug: 'janella-cruz',
    name: 'Janella Cruz',
    bio: 'Isa sa pinakabagong bituin ng short-form drama, mula sa Iloilo.',
    titles: [
      { slug: 'anak-ng-mayor', role: 'Lia' },
      { slug: 'tahan-na-mahal', role: 'Bianca' },
      { slug: 'ang-sekretarya', role: 'Sabrina' },
    ],
  },
];

/** Home-page hero banners, in display order. */
export const BANNER_TITLES = [
  'lihim-ng-bilyonaryo',
  'ganti-ng-inabandona',
  'kasal-sa-kontrata',
  'ang-huling-sayaw',
  'ang-diwata-ng-taal',
];

export type SeedVipPlan = { subscriptionType: string; priceCentavos: number; validityDays: number | null };

/** Display order: the middle one (monthly) is 'MOST POPULAR' (spec §2). */
export const VIP_PLANS: SeedVipPlan[] = [
  { subscriptionType: 'weekly', priceCentavos: 9900, validityDays: 7 },
  { subscriptionType: 'monthly', priceCentavos: 29900, validityDays: 30 },
  { subscriptionType: 'lifetime', priceCentavos: 199900, validityDays: null },
];

export type SeedCoinPlan = { coins: number; bonusCoins: number; priceCentavos: number };

export const COIN_PLANS: SeedCoinPlan[] = [
  { coins: 100, bonusCoins: 0, priceCentavos: 4900 },
  { coins: 300, bonusCoins: 30, priceCentavos: 14900 },
  { coins: 600, bonusCoins: 90, priceCentavos: 29900 },
  { coins: 1500, bonusCoins: 300, priceCentavos: 69900 },
];

/** Key/value settings (settings table). Placeholders as in policies.ts. */
export const SETTINGS: Record<string, unknown> = {
  supportEmail: '{contactEmail}',
  currency: 'PHP',
  minimumAge: 18,
  features: {
    coinUnlocks: true,
    vipSubscriptions: true,
    premiumVideoPurchases: true,
    qrPayments: true,
    googleOneTap: true,
    appleSignIn: false,
  },
  storeLinks: { appStore: '', googlePlay: '' },
  socialLinks: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    tiktok: 'https://www.tiktok.com/',
    youtube: 'https://www.youtube.com/',
  },
};
