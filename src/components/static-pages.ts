/** The static pages: each one's title heads the page and names the footer's link to it. */
export const STATIC_PAGES = {
  about: { title: 'О нас', image: 'aboutImg', text: 'aboutText' },
  copyright: { title: 'Для правообладателей', image: 'copyrightImg', text: 'copyrightText' },
  'privacy-policy': { title: 'Политика конфиденциальности', image: 'privacyPolicyImg', text: 'privacyPolicyText' },
  partners: { title: 'Партнёрам', image: 'partnersImg', text: 'partnersText' },
} as const;
