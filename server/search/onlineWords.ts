import { LANGUAGE_CODES } from '../../common/i18n/languages';
import { SERVER_RESOURCES } from '../i18n/translate';
import { foldText } from './fold';

/** The word every online event's location text holds (store/events.ts), whatever the reader's language. */
export const ONLINE = 'online';

/**
 * What people type in the location box for "online" in each language the app speaks (events.json
 * `filters.onlineWords`, a comma-separated list: "en ligne", "عبر الإنترنت", "daring"…), folded as
 * search folds (docs/PRODUCT.md#home). Every language's words count on every request: a location filter
 * in a shared address means the same to everyone.
 */
const ONLINE_WORDS: ReadonlySet<string> = new Set(
  LANGUAGE_CODES.flatMap((language) => SERVER_RESOURCES[language].events.filters.onlineWords.split(','))
    .map((word) => foldText(word).trim().split(/\s+/).join(' '))
    .filter(Boolean),
);

/** Whether a folded location term (words joined by one space) is a word for "online" in some language. */
export const isOnlineWord = (folded: string): boolean => ONLINE_WORDS.has(folded);
