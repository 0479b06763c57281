import { useEffect } from 'react';
import { config } from './config';

/** `Title · Site` while the page is shown; the previous title comes back when it goes. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${config.siteTitle}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
