import * as Dialog from '@radix-ui/react-dialog';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DialogActions, type DialogActionsProps } from './DialogActions';

const labels = {
  cancelLabel: 'Cancel',
  confirmLabel: 'Remove Event',
  busyLabel: 'Removing...',
  closeLabel: 'Close',
};

function render(props: Partial<DialogActionsProps> = {}): string {
  return renderToStaticMarkup(
    <Dialog.Root open>
      <DialogActions {...labels} {...props} />
    </Dialog.Root>,
  );
}

/** The buttons as [text, disabled] pairs, in order. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attrs = '', inner = '']) => [
    inner.replace(/<[^>]+>/g, ''),
    / disabled=""/.test(attrs),
  ]);

describe('DialogActions', () => {
  it('offers Cancel and a submit button, ready to use', () => {
    const html = render({ variant: 'danger' });
    expect(buttons(html)).toEqual([
      ['Cancel', false],
      ['Remove Event', false],
    ]);
    expect(html).toMatch(/<button type="submit"[^>]*\bbtn-danger\b/);
    expect(html).not.toContain('role="alert"');
  });

  it('keeps the submit button disabled while the form is not ready', () => {
    expect(buttons(render({ confirmDisabled: true }))).toEqual([
      ['Cancel', false],
      ['Remove Event', true],
    ]);
  });

  it('disables both buttons while busy and says so on the submit button', () => {
    const html = render({ busy: true });
    expect(buttons(html)).toEqual([
      ['Cancel', true],
      ['Removing...', true],
    ]);
    expect(html).toContain('aria-busy="true"');
  });

  it('shows an error as an alert above the buttons and keeps them, for a retry', () => {
    const html = render({ error: 'That did not work: the server is down.' });
    expect(html).toMatch(/role="alert"[^>]*>That did not work: the server is down\.<\/div>.*<button/);
    expect(buttons(html)).toEqual([
      ['Cancel', false],
      ['Remove Event', false],
    ]);
  });

  it('when the action can no longer be taken, says why and offers only Close, described by the why', () => {
    const html = render({ final: 'Already removed by another moderator.', error: 'ignored' });
    expect(buttons(html)).toEqual([['Close', false]]);
    expect(html).not.toContain('role="alert"');
    const why = html.match(/<div id="([^"]+)">Already removed by another moderator\.<\/div>/);
    expect(why).not.toBeNull();
    expect(html).toContain(`aria-describedby="${why?.[1]}"`);
  });
});
