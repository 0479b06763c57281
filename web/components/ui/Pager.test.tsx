import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ServerRouter } from '../../lib/router';
import { Pager, type PagerProps } from './Pager';

const labels = (page: number, pages: number) => ({
  label: 'Pages',
  previous: 'Previous',
  next: 'Next',
  status: `Page ${page} of ${pages}`,
});

function render(props: PagerProps): string {
  return renderToStaticMarkup(
    <ServerRouter pathname="/" search="" state={null}>
      <Pager {...props} />
    </ServerRouter>,
  );
}

describe('Pager', () => {
  it('shows nothing for a list of one page', () => {
    expect(render({ page: 1, pages: 1, labels: labels(1, 1), onPageChange: () => {} })).toBe('');
    expect(render({ page: 1, pages: 0, labels: labels(1, 0), hrefFor: (p) => `/?page=${p}` })).toBe('');
  });

  it('with hrefFor: real links to the neighbouring pages, the missing end greyed out and not a link', () => {
    const first = render({
      page: 1,
      pages: 3,
      labels: labels(1, 3),
      hrefFor: (p) => `/?type=digital&page=${p}`,
    });
    expect(first).toContain('<nav aria-label="Pages"');
    expect(first).toContain('Page 1 of 3');
    expect(first).toMatch(
      /<a [^>]*href="\/\?type=digital&amp;page=2"[^>]*rel="next"|rel="next"[^>]*href="\/\?type=digital&amp;page=2"/,
    );
    expect(first).not.toContain('rel="prev"');
    expect(first).toMatch(/<span aria-disabled="true"[^>]*>.*Previous<\/span>/);

    const middle = render({ page: 2, pages: 3, labels: labels(2, 3), hrefFor: (p) => `/?page=${p}` });
    expect(middle.match(/<a /g)).toHaveLength(2);
    expect(middle).toContain('href="/?page=1"');
    expect(middle).toContain('href="/?page=3"');
    expect(middle).not.toContain('aria-disabled');
  });

  it('with onPageChange: buttons, the one that leads nowhere marked aria-disabled (it keeps focus)', () => {
    const last = render({ page: 3, pages: 3, labels: labels(3, 3), onPageChange: () => {} });
    expect(last).not.toContain('<a ');
    expect(last.match(/<button /g)).toHaveLength(2);
    expect(last).toMatch(/<button [^>]*aria-disabled="true"[^>]*>.*Next/);
    expect(last).not.toMatch(/<button [^>]*aria-disabled="true"[^>]*>.*Previous.*Next/);
    expect(last).not.toContain(' disabled=""');
  });
});
