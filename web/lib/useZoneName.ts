import { useEffect, useMemo, useState } from 'react';
import type { ZoneName } from '../../common/zoneSearch';
import { loadOnce } from './loadOnce';

/** A zone to name at an instant: by the event's city when it lies there, in the page's locale. */
export interface ZoneRef {
  zone: string;
  instant: string;
  city?: string | undefined;
  locale?: string | undefined;
}

type Namer = typeof import('../../common/zoneSearch').zoneName;

/**
 * The zone names' code (the table of cities and the zones they lie in, ~3 KB gzipped) is fetched the
 * first time a page needs to name a zone: a card names one only in the browser, only for a viewer
 * whose clock differs, so it never weighs on the home page's first load.
 */
const namer = loadOnce<Namer>(() => import('../../common/zoneSearch').then((module) => module.zoneName));

/** How `ref`'s zone reads ("Jerusalem", "GMT+2"), once its code is here (null until then, or for no zone). */
export function useZoneName(ref: ZoneRef | null): ZoneName | null {
  const [ready, setReady] = useState(namer.loaded() !== null);
  const wanted = ref !== null;
  useEffect(() => {
    if (!wanted || ready) return;
    let current = true;
    namer.load().then(
      () => {
        if (current) setReady(true);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, ready]);
  const { zone, instant, city, locale } = ref ?? {};
  return useMemo(() => {
    const name = ready ? namer.loaded() : null;
    return name && zone !== undefined && instant !== undefined
      ? name(zone, instant, { ...(city ? { city } : {}), ...(locale ? { locale } : {}) })
      : null;
  }, [ready, zone, instant, city, locale]);
}
