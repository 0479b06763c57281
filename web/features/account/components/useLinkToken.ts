import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';

/**
 * The token of the emailed link this page was opened with (after `#`), read once; the address bar
 * then shows the page without it, so it stays out of the history, bookmarks and screen shares.
 */
export function useLinkToken(parse: (hash: string) => string | null): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => parse(location.hash));
  useEffect(() => {
    if (location.hash) navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return token;
}
