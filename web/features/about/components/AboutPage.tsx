import { useEffect } from 'react';
import { Card, SkeletonLines } from '../../../components/ui/Card';
import { LoadFailed } from '../../../components/ui/Notice';
import { addCatalog } from '../../../i18n/index';
import { useTranslation } from '../../../i18n/react';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import messages from '../../../locales/en/about.json';
import { useAbout } from '../api/about';

addCatalog('about', messages);

/** Headings, paragraphs, lists, quotes and links of the operator's Markdown, in the app's look. */
const prose =
  'space-y-4 leading-relaxed text-stone-800 wrap-anywhere dark:text-stone-200 ' +
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-stone-900 sm:[&_h1]:text-3xl dark:[&_h1]:text-stone-50 ' +
  '[&_h2]:mt-8 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900 dark:[&_h2]:text-stone-50 ' +
  '[&_h3]:mt-6 [&_h3]:scroll-mt-24 [&_h3]:font-semibold ' +
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-100 ' +
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-1 ' +
  '[&_blockquote]:border-s-4 [&_blockquote]:border-brand-700 [&_blockquote]:bg-brand-50 [&_blockquote]:px-4 [&_blockquote]:py-3 ' +
  'dark:[&_blockquote]:border-brand-100 dark:[&_blockquote]:bg-brand-900/40 ' +
  '[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm dark:[&_code]:bg-stone-800';

/** `/about`: who runs the calendar, how to reach them, the moderation policy (docs/PRODUCT.md#about). */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const about = useAbout();

  useDocumentTitle(t('title'));

  // A link to a section (/about#contact) finds it once the text has arrived.
  useEffect(() => {
    if (!about.data || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [about.data]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <Card className="p-6 sm:p-10">
        {about.data ? (
          <div
            className={prose}
            // The operators' own words, in whatever language they wrote them.
            dir="auto"
            data-testid="about-text"
            // Rendered by the server from Markdown without raw HTML, images or unsafe links (server/about/render.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
            dangerouslySetInnerHTML={{ __html: about.data.html }}
          />
        ) : about.isError ? (
          <>
            <h1 className="mb-4 text-2xl font-bold text-stone-900 dark:text-stone-50">{t('title')}</h1>
            <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => about.refetch()} />
          </>
        ) : (
          <div role="status" aria-label={t('loading')}>
            <SkeletonLines
              widths={['w-1/2', 'w-full', 'w-5/6', 'w-full', 'w-2/3', 'w-1/3', 'w-full', 'w-4/5']}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
