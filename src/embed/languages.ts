/** The languages built beside the script besides English, each in a file of its own, `site-search.<code>.js` (vite.config.ts). */
export const LANGUAGES = 'de fr es pt it nl pl ja zh ko ar';
