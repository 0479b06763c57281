import { useEffect } from 'react';

let held = false;

/**
 * Marks the document once the first page can answer clicks: its effect runs when the page's part has
 * been hydrated (a server-rendered page) or rendered (any other), its lazily loaded code included, as
 * it sits in the same Suspense boundary. Before that, a press on a server-rendered button does nothing.
 * Browser tests wait for `html[data-ready]` after each load (e2e/support/browser.ts); CSS or scripts
 * outside React may read it too. A page whose server rendering is only a notice (NeedsJavaScript)
 * holds it until its own code has rendered.
 */
export function PageReady() {
  useEffect(() => {
    if (held) {
      held = false;
      return;
    }
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

/** Keep the Layout's PageReady from marking the document: the page marks it itself, later. */
export function holdPageReady(): void {
  held = true;
}
