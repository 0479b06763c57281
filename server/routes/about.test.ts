import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAbout } from '../about/render';
import { startTestServer } from '../testing/harness';
import { loadAbout } from './about';

const dir = mkdtempSync(join(tmpdir(), 'palcal-about-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET /api/about', () => {
  it('says what to write until the operator writes their own', async () => {
    const server = await startTestServer();
    try {
      const res = await server.fetch('/api/about');
      expect(res.status).toBe(200);
      const body = (await res.json()) as { html: string; custom: boolean };
      expect(body.custom).toBe(false);
      expect(body.html).toContain('<h2 id="who-runs-this-calendar">Who runs this calendar</h2>');
      expect(body.html).toContain('<h2 id="moderation-policy">Moderation policy</h2>');
      expect(body.html).toContain('ABOUT_FILE');
      // In the visitor's language, its sections keeping the ids the footer links to.
      const arabic = (await (await server.fetch('/api/about?lang=ar')).json()) as { html: string };
      expect(arabic.html).toContain('<h2 id="contact">');
      expect(arabic.html).toContain('<h2 id="moderation-policy">');
      expect(arabic.html).toContain('ABOUT_FILE');
      expect(arabic.html).not.toContain('Moderation policy');
      const french = await server.fetch('/api/about', { headers: { 'accept-language': 'fr-FR' } });
      expect(french.headers.get('vary')).toBe('Accept-Language, Cookie, Accept-Encoding');
      expect(((await french.json()) as { html: string }).html).toContain('<h2 id="what-verified-means">');
    } finally {
      await server.close();
    }
  });

  it('serves the operator’s Markdown from ABOUT_FILE', async () => {
    const file = join(dir, 'about.md');
    writeFileSync(
      file,
      '# About us\n\nRun by the **Leeds PSC** branch. Write to <mailto:mods@example.org>.\n',
    );
    const server = await startTestServer({ env: { ABOUT_FILE: file } });
    try {
      const body = (await (await server.fetch('/api/about')).json()) as { html: string; custom: boolean };
      expect(body).toEqual({
        html: '<h1 id="about-us">About us</h1>\n<p>Run by the <strong>Leeds PSC</strong> branch. Write to <a href="mailto:mods@example.org">mailto:mods@example.org</a>.</p>\n',
        custom: true,
      });
    } finally {
      await server.close();
    }
  });

  it('refuses to start with an ABOUT_FILE it cannot read, in one line', () => {
    expect(() => loadAbout(join(dir, 'missing.md'))).toThrow(
      /^ABOUT_FILE .*missing\.md cannot be read \(ENOENT\)\.$/,
    );
  });
});

describe('renderAbout', () => {
  it('writes HTML out as text, loads no image, and links only to safe places', () => {
    const html = renderAbout(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n![flyer](https://elsewhere.example/p.png)\n\n' +
        '[a](javascript:alert(1)) [b](data:text/html,x) [c](//elsewhere.example) [d](https://example.org) [e](/log)',
    );
    // What would run or load is only ever text: no element, no such address in a link.
    expect(html).not.toMatch(/<script|<img|href="(javascript|data|\/\/)/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">d</a>');
    expect(html).toContain('<a href="/log">e</a>');
  });

  it('gives each heading its own id', () => {
    expect(renderAbout('## Contact\n\n## Contact\n\n## Qui sommes-nous ?')).toBe(
      '<h2 id="contact">Contact</h2>\n<h2 id="contact-2">Contact</h2>\n<h2 id="qui-sommes-nous">Qui sommes-nous ?</h2>\n',
    );
  });

  it('takes an id written after a heading, so a translated heading keeps its link', () => {
    expect(renderAbout('## التواصل {#contact}\n\n## Contacto **ya** {#contact-us}')).toBe(
      '<h2 id="contact">التواصل</h2>\n<h2 id="contact-us">Contacto <strong>ya</strong></h2>\n',
    );
  });
});
