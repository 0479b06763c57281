import type { Language } from '../common/i18n/languages';
import { catalogLookup, type Lookup, type MessageRef, refOf, renderMessage } from '../common/i18n/messages';
import ar from '../web/locales/ar/messages.json';
import de from '../web/locales/de/messages.json';
import en from '../web/locales/en/messages.json';
import es from '../web/locales/es/messages.json';
import fr from '../web/locales/fr/messages.json';
import id from '../web/locales/id/messages.json';
import it from '../web/locales/it/messages.json';
import pt from '../web/locales/pt/messages.json';
import tr from '../web/locales/tr/messages.json';
import ur from '../web/locales/ur/messages.json';

/**
 * The server's messages in each language (web/locales/<lang>/messages.json, docs/PRODUCT.md#messages):
 * every catalog is small, so all of them are in the server, read once.
 */
const LOOKUPS: Record<Language, Lookup> = {
  en: catalogLookup(en),
  ar: catalogLookup(ar),
  fr: catalogLookup(fr),
  es: catalogLookup(es),
  de: catalogLookup(de),
  it: catalogLookup(it),
  tr: catalogLookup(tr),
  id: catalogLookup(id),
  pt: catalogLookup(pt),
  ur: catalogLookup(ur),
};

/** A message in `language`. */
export const translateRef = (ref: MessageRef, language: Language): string =>
  renderMessage(ref, LOOKUPS[language], language);

/** A message `msg` made, in `language`; any other text as it is. */
export function translate(text: string, language: Language): string {
  const ref = refOf(text);
  return ref ? translateRef(ref, language) : text;
}
