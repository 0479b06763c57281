import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_search_index';
import * as m0003 from './0003_location_walk_index';
import * as m0004 from './0004_app_secrets';
import * as m0005 from './0005_pg_location_walk_index';
import * as m0006 from './0006_email';
import * as m0007 from './0007_health_probe';
import * as m0008 from './0008_event_shape';
import * as m0009 from './0009_event_ownership';
import * as m0010 from './0010_account_deletion';
import * as m0011 from './0011_session_reauthentication';
import * as m0012 from './0012_search_folding';
import * as m0013 from './0013_account_language';
import * as m0014 from './0014_running_long_index';
import * as m0015 from './0015_event_position';
import * as m0016 from './0016_preset_reasons';
import * as m0017 from './0017_images';
import * as m0018 from './0018_series';
import * as m0019 from './0019_moderators_time';
import * as m0020 from './0020_duplicate_index';

/**
 * Every migration, in order. Numbered, never edited once landed, and run on SQLite and PostgreSQL alike.
 * Listed here (not read from disk) so the bundled server carries them.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_search_index': m0002,
  '0003_location_walk_index': m0003,
  '0004_app_secrets': m0004,
  '0005_pg_location_walk_index': m0005,
  '0006_email': m0006,
  '0007_health_probe': m0007,
  '0008_event_shape': m0008,
  '0009_event_ownership': m0009,
  '0010_account_deletion': m0010,
  // Landed after 0012: a database that already ran 0012 runs 0011 next (db.ts allows the out-of-order run).
  '0011_session_reauthentication': m0011,
  '0012_search_folding': m0012,
  '0013_account_language': m0013,
  '0014_running_long_index': m0014,
  '0015_event_position': m0015,
  '0016_preset_reasons': m0016,
  '0017_images': m0017,
  '0018_series': m0018,
  '0019_moderators_time': m0019,
  '0020_duplicate_index': m0020,
};
