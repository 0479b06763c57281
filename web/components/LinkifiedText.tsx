import { splitLinks } from '../../common/linkify';
import { useTranslation } from '../i18n/react';

/**
 * Text people wrote, with its web addresses made links (docs/PRODUCT.md#text-people-write): http(s)
 * only, opened in a new tab, marked as user content for search engines (`nofollow ugc`) and given no
 * access to this page or its address (`noopener noreferrer`). Everything else stays text: React
 * escapes it, so nothing a person types becomes markup. The caller's element carries `dir="auto"`.
 */
export function LinkifiedText({ text }: { text: string }) {
  const { t } = useTranslation('common');
  return splitLinks(text).map((piece, index) =>
    piece.href ? (
      <a
        // The pieces of one text never move, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        key={index}
        href={piece.href}
        target="_blank"
        rel="nofollow ugc noopener noreferrer"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100"
      >
        {piece.text}
        <span className="sr-only"> {t('opensInNewTab')}</span>
      </a>
    ) : (
      piece.text
    ),
  );
}
