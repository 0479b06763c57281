import { createContext, useContext } from 'react';

/**
 * The origin the visitor's browser uses (`https://calendar.example`), for addresses a page hands out
 * whole (feeds, the embed snippet). The server renderer provides the one the request came to
 * (web/entry-server.tsx), which is the browser's: the page hydrates with the same addresses.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
