import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describedByIds, Field } from './Field';

function render(props: { required?: boolean; hint?: string; error?: string }) {
  const html = renderToStaticMarkup(
    <Field id="f-title" label="Event Title" {...props}>
      {(p) => <input {...p} name="title" />}
    </Field>,
  );
  const input = html.match(/<input [^>]*>/)?.[0] ?? '';
  return { html, input };
}

describe('Field', () => {
  it('ties the label to the control and marks nothing when the field is plain', () => {
    const { html, input } = render({});
    expect(html).toContain('<label for="f-title"');
    expect(input).toContain('id="f-title"');
    expect(input).toContain('aria-invalid="false"');
    expect(input).not.toContain('aria-describedby');
    expect(input).not.toContain('aria-required');
    expect(html).not.toContain('*');
  });

  it('marks a required field with a * that screen readers skip, and aria-required on the control', () => {
    const { html, input } = render({ required: true });
    expect(html).toContain(
      '<span aria-hidden="true" class="ms-0.5 text-danger-600 dark:text-red-400">*</span>',
    );
    expect(input).toContain('aria-required="true"');
  });

  it('describes the control by its error, then its hint, and shows the error in red', () => {
    const { html, input } = render({ hint: 'Link to the page.', error: 'Required.' });
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="f-title-error f-title-hint"');
    expect(input).toContain('border-danger-600');
    expect(html).toMatch(/<p id="f-title-error"[^>]*>.*Required\.<\/span><\/p>/);
    expect(html).toContain(
      '<p id="f-title-hint" class="mt-1.5 text-sm text-stone-600 dark:text-stone-400">Link to the page.</p>',
    );
    // The error is read before the hint, in the page as in the description.
    expect(html.indexOf('id="f-title-error"')).toBeLessThan(html.indexOf('id="f-title-hint"'));
  });

  it('describes a valid control by its hint alone', () => {
    const { input } = render({ hint: 'Link to the page.' });
    expect(input).toContain('aria-invalid="false"');
    expect(input).toContain('aria-describedby="f-title-hint"');
    expect(input).not.toContain('border-danger-600');
  });
});

describe('describedByIds', () => {
  it('lists the error and hint ids that exist, or nothing', () => {
    expect(describedByIds('x', {})).toBeUndefined();
    expect(describedByIds('x', { error: '', hint: '' })).toBeUndefined();
    expect(describedByIds('x', { error: 'Bad' })).toBe('x-error');
    expect(describedByIds('x', { error: 'Bad', hint: 'Help' })).toBe('x-error x-hint');
  });
});
