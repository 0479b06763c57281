import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect } from 'react';
import { type Page, pageCount } from '../../../common/paging';
import { Link } from '../../lib/router';
import { Button, buttonClass } from './Button';

/** The words a pager shows; the caller translates them (`status` already holds the page numbers). */
export interface PagerLabels {
  /** The navigation landmark's name, e.g. "Pages". */
  label: string;
  previous: string;
  next: string;
  /** e.g. "Page 2 of 5". */
  status: string;
}

/** The pager's words from a catalog's `pagination` block (label, previous, next, status with page and pages). */
export function pagerLabels(
  t: (key: string, options?: { page: number; pages: number }) => string,
  page: number,
  pages: number,
): PagerLabels {
  return {
    label: t('pagination.label'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    status: t('pagination.status', { page, pages }),
  };
}

interface PagerBase {
  page: number;
  pages: number;
  labels: PagerLabels;
  className?: string;
}

/** Pages held in the component's state: Previous and Next are buttons. */
interface ButtonPagerProps extends PagerBase {
  onPageChange: (page: number) => void;
  /**
   * The list this pager pages (with tabIndex={-1} and a scroll margin for the sticky header). On a
   * change it is scrolled to its top and takes focus, so the new page reads from its first item
   * instead of leaving the reader at the bottom of a page that just changed under them.
   */
  listRef?: RefObject<HTMLElement | null>;
  hrefFor?: never;
  onNavigate?: never;
}

/** Pages with their own address (filters kept): Previous and Next are real links. */
interface LinkPagerProps extends PagerBase {
  hrefFor: (page: number) => string;
  onNavigate?: () => void;
  onPageChange?: never;
  listRef?: never;
}

export type PagerProps = ButtonPagerProps | LinkPagerProps;

const icon = 'size-4 rtl:rotate-180';

/**
 * Previous / "Page N of M" / Next for any paginated list; nothing at all when there is one page.
 * With `onPageChange` the steps are buttons (aria-disabled at either end); with `hrefFor` they are links
 * (`rel="prev"`/`"next"`) and the ends are shown greyed out, so every page can be shared.
 */
export function Pager(props: PagerProps) {
  const { page, pages, labels, className = '' } = props;
  if (pages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < pages;

  const previousContent = (
    <>
      <ChevronLeft aria-hidden="true" className={icon} />
      {labels.previous}
    </>
  );
  const nextContent = (
    <>
      {labels.next}
      <ChevronRight aria-hidden="true" className={icon} />
    </>
  );

  let previous: ReactNode;
  let next: ReactNode;
  if (props.hrefFor) {
    const { hrefFor, onNavigate } = props;
    const disabledClass = buttonClass('secondary', 'sm', 'pointer-events-none opacity-50');
    previous = hasPrevious ? (
      <Link to={hrefFor(page - 1)} onClick={onNavigate} rel="prev" className={buttonClass('secondary', 'sm')}>
        {previousContent}
      </Link>
    ) : (
      <span aria-disabled="true" className={disabledClass}>
        {previousContent}
      </span>
    );
    next = hasNext ? (
      <Link to={hrefFor(page + 1)} onClick={onNavigate} rel="next" className={buttonClass('secondary', 'sm')}>
        {nextContent}
      </Link>
    ) : (
      <span aria-disabled="true" className={disabledClass}>
        {nextContent}
      </span>
    );
  } else {
    const { onPageChange, listRef } = props;
    const change = (to: number) => {
      onPageChange(to);
      const list = listRef?.current;
      if (!list) return;
      list.scrollIntoView({ block: 'start' });
      list.focus({ preventScroll: true });
    };
    // aria-disabled rather than disabled: a button that has focus keeps it at either end instead of
    // dropping the keyboard user at the top of the document.
    const step = (to: number, enabled: boolean, content: ReactNode) => (
      <Button
        variant="secondary"
        size="sm"
        aria-disabled={!enabled || undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        onClick={() => {
          if (enabled) change(to);
        }}
      >
        {content}
      </Button>
    );
    previous = step(page - 1, hasPrevious, previousContent);
    next = step(page + 1, hasNext, nextContent);
  }

  return (
    // The status goes under the steps where the three do not fit (web/styles.css, .pager).
    <nav aria-label={labels.label} className={`pager ${className}`.trim()}>
      {previous}
      <p>{labels.status}</p>
      {next}
    </nav>
  );
}

/**
 * How many pages a list held in the component's state has (1 until it has loaded). When the list shrinks
 * under the page shown (an action emptied the last page), it steps back to the new last page rather
 * than show an empty one.
 */
export function usePageCount(
  list: ({ total: number } & Page) | undefined,
  page: number,
  setPage: (page: number) => void,
): number {
  const pages = list ? pageCount(list.total, list.pageSize) : 1;
  useEffect(() => {
    if (list && page > pages) setPage(pages);
  }, [list, page, pages, setPage]);
  return pages;
}
