import type { Env } from './env';
import type { Store } from './store/db';

/** What every route module gets: the database and the parsed environment. */
export interface AppContext {
  store: Store;
  env: Env;
}

/** What pages, feeds and calendar files say about this site: its public address and its name. */
export interface SiteInfo {
  publicUrl: string;
  siteTitle: string;
}

export function siteOf(env: Pick<Env, 'PUBLIC_URL' | 'SITE_TITLE'>): SiteInfo {
  return { publicUrl: env.PUBLIC_URL, siteTitle: env.SITE_TITLE };
}
