import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';

/**
 * The token of the emailed link this page was opened with (after `#`); the address bar then shows the
 * page without it, so it stays out of the history, bookmarks and screen shares. Another link opened in
 * the same tab changes only the part after `#` (no new page): its token replaces the first.
 */
export function useLinkToken(parse: (hash: string) => string | null): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => parse(location.hash));
  useEffect(() => {
    if (!location.hash) return;
    const opened = parse(location.hash);
    if (opened) setToken(opened);
    navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate, parse]);
  return token;
}
