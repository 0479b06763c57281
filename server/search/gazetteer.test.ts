// The cities "near" finds (server/search/gazetteer.ts), offline, by the names people type.
import { describe, expect, it } from 'vitest';
import { cityPosition, findCity } from './gazetteer';

const found = (text: string) => {
  const city = findCity(text);
  return city ? `${city.name}, ${city.country}` : null;
};

describe('finding a city', () => {
  it('takes the most populous of a name, or the one in the country named', () => {
    expect(found('Paris')).toBe('Paris, FR');
    expect(found('manchester')).toBe('Manchester, GB');
    expect(found('Manchester, USA')).toBe('Manchester, US');
    expect(found('koln')).toBe('Köln, DE');
  });

  it('takes the city in Palestine of a name several places share', () => {
    expect(found('Bethlehem')).toBe('Bethlehem, PS');
    expect(found('Hebron')).toBe('Hebron, PS');
    // Named with another country, it is that country's.
    expect(found('Bethlehem, South Africa')).toBe('Bethlehem, ZA');
  });

  it('knows the names people type that GeoNames keeps under another', () => {
    expect(found('Cologne')).toBe('Köln, DE');
    expect(found('Geneva')).toBe('Genève, CH');
    expect(found('Seville')).toBe('Sevilla, ES');
    expect(found('Jenin')).toBe('Janīn, PS');
    expect(found('Beit Sahour')).toBe('Bayt Sāḩūr, PS');
  });

  it('knows Palestine’s cities and the region’s capitals by their Arabic names', () => {
    expect(found('غزة')).toBe('Gaza, PS');
    expect(found('رام الله')).toBe('Ramallah, PS');
    expect(found('بيت لحم')).toBe('Bethlehem, PS');
    expect(found('القدس')).toBe('East Jerusalem, PS');
    expect(found('عمان')).toBe('Amman, JO');
    expect(found('لندن')).toBe('London, GB');
  });

  it('places an event by its city and country as its submitter wrote them', () => {
    const bethlehem = cityPosition('Bethlehem', 'Palestine');
    const pennsylvania = cityPosition('Bethlehem', 'United States');
    expect(bethlehem?.latitude).toBeCloseTo(31.7, 1);
    expect(pennsylvania?.latitude).toBeCloseTo(40.6, 1);
    expect(cityPosition('Nowhere-on-Sea', 'United Kingdom')).toBeNull();
  });

  it('finds nothing for what is no city, however long', () => {
    expect(findCity('zzzz qqqq')).toBeNull();
    expect(findCity('x'.repeat(10_000))).toBeNull();
  });
});
