/** This language's catalogs, one chunk each, loaded by web/i18n/index.ts when the page is in it. */
export default import.meta.glob<Record<string, unknown>>('../../locales/fr/*.json', { import: 'default' });
