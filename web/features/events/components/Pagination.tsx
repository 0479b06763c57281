import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';

interface PaginationProps {
  page: number;
  pages: number;
  /** The address of another page of the same list (filters kept). */
  hrefFor: (page: number) => string;
  onNavigate: () => void;
}

/** Previous / Next as real links, so every page of a filtered list has its own shareable address. */
export function Pagination({ page, pages, hrefFor, onNavigate }: PaginationProps) {
  const { t } = useTranslation('events');
  if (pages <= 1) return null;
  const disabledClass = buttonClass('secondary', 'sm', 'pointer-events-none opacity-50');
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          onClick={onNavigate}
          rel="prev"
          className={buttonClass('secondary', 'sm')}
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('pagination.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
          {t('pagination.previous')}
        </span>
      )}
      <p className="text-sm text-stone-600 dark:text-stone-300">{t('pagination.status', { page, pages })}</p>
      {page < pages ? (
        <Link
          to={hrefFor(page + 1)}
          onClick={onNavigate}
          rel="next"
          className={buttonClass('secondary', 'sm')}
        >
          {t('pagination.next')}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClass}>
          {t('pagination.next')}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </span>
      )}
    </nav>
  );
}
