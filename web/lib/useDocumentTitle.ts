import { createContext, useContext, useEffect } from 'react';
import { config } from './config';

/**
 * Where a page rendered on the server says its title (web/entry-server.tsx), so the HTML arrives with
 * it, JavaScript or not. Null in the browser.
 */
export const DocumentTitleSink = createContext<{ title: string | null } | null>(null);

/**
 * The page's title while it is shown: `Title · Site`, or the title alone (`alone`); the previous one
 * comes back when it goes. On the server, the render takes it for the page's `<title>`.
 */
export function useDocumentTitle(title: string, { alone = false }: { alone?: boolean } = {}): void {
  const full = alone ? title : `${title} · ${config.siteTitle}`;
  const sink = useContext(DocumentTitleSink);
  if (sink) sink.title = full;
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    return () => {
      document.title = previous;
    };
  }, [full]);
}
