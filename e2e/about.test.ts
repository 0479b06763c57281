import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoA11yViolations, PHONE, screenshot, setupE2E } from './support/browser';

const e2e = setupE2E();

describe('About page', () => {
  it('is reached from the footer, section by section, and says what the operator should write', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'About this site' });
    await footer.getByRole('link', { name: 'Moderation policy' }).click();
    await page.waitForURL((url) => url.pathname === '/about' && url.hash === '#moderation-policy');
    const policy = page.getByRole('heading', { level: 2, name: 'Moderation policy' });
    await policy.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About this calendar');
    expect(await page.title()).toBe('About this calendar · Palestine Solidarity Calendar');
    // The section the link names is on the screen.
    expect(await policy.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    expect(await page.getByTestId('about-text').textContent()).toContain('ABOUT_FILE');
    await page.getByTestId('about-text').getByRole('link', { name: 'transparency log' }).click();
    await page.waitForURL((url) => url.pathname === '/log');
    expect(e2e.foreignRequests).toEqual([]);
  });

  it('puts Subscribe in the header', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
  });

  it('passes axe and looks right on a phone and a desktop, light and dark', async () => {
    for (const [viewport, size] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await e2e.newPage({ viewport });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto('/about');
        await page.getByTestId('about-text').waitFor();
        await expectNoA11yViolations(page);
        await screenshot(page, `about-${size}-${colorScheme}`);
      }
    }
  });
});
