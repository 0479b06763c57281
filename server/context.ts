import type { Env } from './env';
import type { Store } from './store/db';

/** What every route module gets: the database and the parsed environment. */
export interface AppContext {
  store: Store;
  env: Env;
}
