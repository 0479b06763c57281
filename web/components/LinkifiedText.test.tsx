import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../i18n/index';
import { LinkifiedText } from './LinkifiedText';

const render = (text: string) => renderToStaticMarkup(<p dir="auto">{<LinkifiedText text={text} />}</p>);

describe('LinkifiedText', () => {
  it('makes an http(s) address a link that opens in a new tab, marked as user content', () => {
    expect(render('Join us: https://example.org/teach-in.')).toBe(
      '<p dir="auto">Join us: <a href="https://example.org/teach-in" target="_blank" rel="nofollow ugc noopener noreferrer" ' +
        'class="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100">' +
        'https://example.org/teach-in<span class="sr-only"> (opens in a new tab)</span></a>.</p>',
    );
  });

  it('keeps markup and other schemes as text', () => {
    const html = render('<b>hi</b> <a href="javascript:alert(1)">x</a> javascript:alert(1) data:text/html,x');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt;');
  });

  it('escapes what follows an address instead of letting it close the attribute', () => {
    const html = render('https://example.org/"onmouseover="alert(1)');
    expect(html).toContain('href="https://example.org/"');
    expect(html).toContain('&quot;onmouseover=&quot;alert(1)');
  });
});
