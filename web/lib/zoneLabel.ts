import type { TFunction } from 'i18next';
import type { ZoneName } from '../../common/zoneSearch';

/**
 * A zone as people read it (docs/PRODUCT.md#text-people-write): "Cape Town time (GMT+2)", or the offset
 * alone for a zone that is no place ("UTC"), never "PST time". One label for every feature.
 */
export function zoneLabel(t: TFunction, { place, offset }: ZoneName): string {
  return place ? t('common:timeZone.label', { place, offset }) : offset;
}
