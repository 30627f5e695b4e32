import type { GenreSlug } from './genres.js';
import type { Language } from './i18n.js';

/** A text in both interface languages. */
export interface LocalizedText {
  en: string;
  am: string;
}

/** One entry of the genre catalogue: the navigation name, the genre page title and a one-line description. */
export interface GenreCatalogEntry {
  name: LocalizedText;
  title: LocalizedText;
  description: LocalizedText;
}

/** The genre catalogue of spec §2, keyed by slug, in English and Amharic. */
export const GENRE_CATALOG: Record<GenreSlug, GenreCatalogEntry> = {
  art: {
    name: { en: 'Art', am: 'ሥነ ጥበብ' },
    title: { en: 'Art Books', am: 'የሥነ ጥበብ መጻሕፍት' },
    description: {
      en: 'Painting, sculpture, photography and design, and the lives of the artists behind them.',
      am: 'ሥዕል፣ ቅርጻ ቅርጽ፣ ፎቶግራፍና ዲዛይን፣ እንዲሁም ከጀርባቸው ያሉ የጥበብ ሰዎች ሕይወት።',
    },
  },
  biography: {
    name: { en: 'Biography', am: 'የሕይወት ታሪክ' },
    title: { en: 'Biography Books', am: 'የሕይወት ታሪክ መጻሕፍት' },
    description: {
      en: 'True stories of remarkable lives, told from beginning to legacy.',
      am: 'ከልደት እስከ ቅርስ የተተረኩ የታላላቅ ሰዎች እውነተኛ የሕይወት ታሪኮች።',
    },
  },
  business: {
    name: { en: 'Business', am: 'ንግድ' },
    title: { en: 'Business Books', am: 'የንግድ መጻሕፍት' },
    description: {
      en: 'Ideas on work, leadership, money and building companies.',
      am: 'ስለ ሥራ፣ አመራር፣ ገንዘብና ድርጅት ግንባታ የሚያወሱ ሐሳቦች።',
    },
  },
  children: {
    name: { en: "Children's", am: 'የልጆች' },
    title: { en: "Children's Books", am: 'የልጆች መጻሕፍት' },
    description: {
      en: 'Picture books and first chapter books for young readers.',
      am: 'ለትናንሽ አንባቢዎች የሥዕል መጻሕፍትና የመጀመሪያ ምዕራፍ መጻሕፍት።',
    },
  },
  christian: {
    name: { en: 'Christian', am: 'ክርስቲያናዊ' },
    title: { en: 'Christian Books', am: 'ክርስቲያናዊ መጻሕፍት' },
    description: {
      en: 'Faith, scripture, devotion and Christian living.',
      am: 'እምነት፣ ቅዱሳት መጻሕፍት፣ መንፈሳዊ ሕይወትና ክርስቲያናዊ ኑሮ።',
    },
  },
  classics: {
    name: { en: 'Classics', am: 'ክላሲኮች' },
    title: { en: 'Classic Books', am: 'ክላሲክ መጻሕፍት' },
    description: {
      en: 'Enduring works that generations of readers keep returning to.',
      am: 'ትውልዶች ደጋግመው የሚያነቧቸው ዘመን ተሻጋሪ ሥራዎች።',
    },
  },
  comics: {
    name: { en: 'Comics', am: 'ኮሚክስ' },
    title: { en: 'Comics', am: 'ኮሚክስ' },
    description: {
      en: 'Stories told in panels, from superheroes to everyday life.',
      am: 'ከልዕለ ኃያላን ጀግኖች እስከ ዕለት ተዕለት ሕይወት በሥዕል ሰሌዳዎች የሚተረኩ ታሪኮች።',
    },
  },
  cookbooks: {
    name: { en: 'Cookbooks', am: 'የምግብ አዘገጃጀት' },
    title: { en: 'Cookbooks', am: 'የምግብ አዘገጃጀት መጻሕፍት' },
    description: {
      en: 'Recipes and food traditions from kitchens around the world.',
      am: 'ከዓለም ዙሪያ ማዕድ ቤቶች የተሰበሰቡ የምግብ አዘገጃጀቶችና ባህሎች።',
    },
  },
  fantasy: {
    name: { en: 'Fantasy', am: 'ምናባዊ' },
    title: { en: 'Fantasy Books', am: 'ምናባዊ መጻሕፍት' },
    description: {
      en: 'Magic, myth and invented worlds.',
      am: 'አስማት፣ አፈ ታሪክና የፈጠራ ዓለማት።',
    },
  },
  fiction: {
    name: { en: 'Fiction', am: 'ልብ ወለድ' },
    title: { en: 'Fiction Books', am: 'የልብ ወለድ መጻሕፍት' },
    description: {
      en: 'Novels and short stories of every kind.',
      am: 'ሁሉም ዓይነት ረጅምና አጭር ልብ ወለዶች።',
    },
  },
  'graphic-novels': {
    name: { en: 'Graphic Novels', am: 'ሥዕላዊ ልብ ወለዶች' },
    title: { en: 'Graphic Novels', am: 'ሥዕላዊ ልብ ወለዶች' },
    description: {
      en: 'Book-length stories told through pictures and words together.',
      am: 'በሥዕልና በቃላት ተጣምረው የሚተረኩ መጽሐፍ የሚያክሉ ታሪኮች።',
    },
  },
  'historical-fiction': {
    name: { en: 'Historical Fiction', am: 'ታሪካዊ ልብ ወለድ' },
    title: { en: 'Historical Fiction', am: 'ታሪካዊ ልብ ወለዶች' },
    description: {
      en: 'Invented lives set in real moments of the past.',
      am: 'በእውነተኛ ያለፉ ዘመናት ውስጥ የተቀረጹ ምናባዊ ገጸ ባሕርያት ታሪኮች።',
    },
  },
  history: {
    name: { en: 'History', am: 'ታሪክ' },
    title: { en: 'History Books', am: 'የታሪክ መጻሕፍት' },
    description: {
      en: 'Peoples, empires and events that shaped the world.',
      am: 'ዓለምን የቀረጹ ሕዝቦች፣ መንግሥታትና ክስተቶች።',
    },
  },
  horror: {
    name: { en: 'Horror', am: 'አስፈሪ' },
    title: { en: 'Horror Books', am: 'አስፈሪ መጻሕፍት' },
    description: {
      en: 'Stories written to chill, unsettle and frighten.',
      am: 'ለማስደንገጥና ለማስፈራት የተጻፉ ታሪኮች።',
    },
  },
  humor: {
    name: { en: 'Humor', am: 'ቀልድ' },
    title: { en: 'Humor Books', am: 'የቀልድ መጻሕፍት' },
    description: {
      en: 'Books that make you laugh out loud.',
      am: 'ከልብ የሚያስቁ መጻሕፍት።',
    },
  },
  manga: {
    name: { en: 'Manga', am: 'ማንጋ' },
    title: { en: 'Manga', am: 'ማንጋ' },
    description: {
      en: 'Japanese comics across every genre.',
      am: 'በሁሉም ዘውግ የተሠሩ የጃፓን ኮሚክሶች።',
    },
  },
  memoir: {
    name: { en: 'Memoir', am: 'ትዝታ' },
    title: { en: 'Memoirs', am: 'የትዝታ መጻሕፍት' },
    description: {
      en: 'Writers remembering the moments that shaped them.',
      am: 'ጸሐፊዎች የቀረጿቸውን የሕይወት አፍታዎች የሚያስታውሱባቸው መጻሕፍት።',
    },
  },
  music: {
    name: { en: 'Music', am: 'ሙዚቃ' },
    title: { en: 'Music Books', am: 'የሙዚቃ መጻሕፍት' },
    description: {
      en: 'Musicians, styles and the stories behind the songs.',
      am: 'ሙዚቀኞች፣ የሙዚቃ ስልቶችና ከዘፈኖቹ ጀርባ ያሉ ታሪኮች።',
    },
  },
  mystery: {
    name: { en: 'Mystery', am: 'ምሥጢራዊ' },
    title: { en: 'Mystery Books', am: 'ምሥጢራዊ መጻሕፍት' },
    description: {
      en: 'Puzzles, detectives and crimes waiting to be solved.',
      am: 'መፍትሔ የሚጠብቁ እንቆቅልሾች፣ መርማሪዎችና ወንጀሎች።',
    },
  },
  nonfiction: {
    name: { en: 'Nonfiction', am: 'ኢ-ልብ ወለድ' },
    title: { en: 'Nonfiction Books', am: 'ኢ-ልብ ወለድ መጻሕፍት' },
    description: {
      en: 'True stories, ideas and knowledge about the real world.',
      am: 'ስለ እውነተኛው ዓለም እውነተኛ ታሪኮች፣ ሐሳቦችና ዕውቀት።',
    },
  },
  poetry: {
    name: { en: 'Poetry', am: 'ግጥም' },
    title: { en: 'Poetry', am: 'የግጥም መጻሕፍት' },
    description: {
      en: 'Verse old and new, from epics to haiku.',
      am: 'ከረጅም የጀግንነት ቅኔዎች እስከ ሃይኩ ድረስ ጥንታዊና ዘመናዊ ግጥሞች።',
    },
  },
  psychology: {
    name: { en: 'Psychology', am: 'ሥነ ልቦና' },
    title: { en: 'Psychology Books', am: 'የሥነ ልቦና መጻሕፍት' },
    description: {
      en: 'How we think, feel and behave.',
      am: 'እንዴት እንደምናስብ፣ እንደሚሰማንና እንደምንመላለስ።',
    },
  },
  romance: {
    name: { en: 'Romance', am: 'የፍቅር' },
    title: { en: 'Romance Books', am: 'የፍቅር መጻሕፍት' },
    description: {
      en: 'Love stories, from first meetings to happy endings.',
      am: 'ከመጀመሪያ ትውውቅ እስከ አስደሳች ፍጻሜ የሚዘልቁ የፍቅር ታሪኮች።',
    },
  },
  science: {
    name: { en: 'Science', am: 'ሳይንስ' },
    title: { en: 'Science Books', am: 'የሳይንስ መጻሕፍት' },
    description: {
      en: 'Discoveries about nature, the universe and ourselves.',
      am: 'ስለ ተፈጥሮ፣ ስለ ጽንፈ ዓለምና ስለ ራሳችን የተደረጉ ግኝቶች።',
    },
  },
  'science-fiction': {
    name: { en: 'Science Fiction', am: 'ሳይንሳዊ ልብ ወለድ' },
    title: { en: 'Science Fiction Books', am: 'ሳይንሳዊ ልብ ወለድ መጻሕፍት' },
    description: {
      en: 'Futures, space travel and what technology might make of us.',
      am: 'መጪው ዘመን፣ የጠፈር ጉዞና ቴክኖሎጂ ወደ ምን ሊለውጠን እንደሚችል።',
    },
  },
  'self-help': {
    name: { en: 'Self-Help', am: 'ራስን ማሻሻል' },
    title: { en: 'Self-Help Books', am: 'ራስን የማሻሻያ መጻሕፍት' },
    description: {
      en: 'Practical guidance for habits, health and a better life.',
      am: 'ለልማዶች፣ ለጤናና ለተሻለ ሕይወት ተግባራዊ ምክሮች።',
    },
  },
  sports: {
    name: { en: 'Sports', am: 'ስፖርት' },
    title: { en: 'Sports Books', am: 'የስፖርት መጻሕፍት' },
    description: {
      en: 'Athletes, games and the drama of competition.',
      am: 'አትሌቶች፣ ጨዋታዎችና የውድድር ፍልሚያ።',
    },
  },
  thriller: {
    name: { en: 'Thriller', am: 'ትሪለር' },
    title: { en: 'Thriller Books', am: 'ትሪለር መጻሕፍት' },
    description: {
      en: 'Fast-paced suspense with high stakes.',
      am: 'ከፍተኛ አደጋ የተጋረጠባቸው ፈጣንና ልብ አንጠልጣይ ታሪኮች።',
    },
  },
  travel: {
    name: { en: 'Travel', am: 'ጉዞ' },
    title: { en: 'Travel Books', am: 'የጉዞ መጻሕፍት' },
    description: {
      en: 'Journeys, places and the people met along the way.',
      am: 'ጉዞዎች፣ ቦታዎችና በመንገድ ላይ የሚገናኟቸው ሰዎች።',
    },
  },
  'young-adult': {
    name: { en: 'Young Adult', am: 'የወጣቶች' },
    title: { en: 'Young Adult Books', am: 'የወጣቶች መጻሕፍት' },
    description: {
      en: 'Coming-of-age stories for teenage readers.',
      am: 'ለታዳጊ አንባቢዎች የዕድገትና የማንነት ፍለጋ ታሪኮች።',
    },
  },
};

/** A genre as the API presents it, in one language. */
export interface GenreSummary {
  slug: GenreSlug;
  name: string;
  title: string;
  description: string;
}

/** The catalogue entry of a slug in one language. */
export function localizeGenre(slug: GenreSlug, language: Language): GenreSummary {
  const entry = GENRE_CATALOG[slug];
  return {
    slug,
    name: entry.name[language],
    title: entry.title[language],
    description: entry.description[language],
  };
}
