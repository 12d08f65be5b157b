import { numericToAlpha3 } from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';

export interface CountryShape {
  a3: string;
  name: string;
  geometry: Polygon | MultiPolygon;
}

/**
 * Rings crossing the antimeridian (Russia's Chukotka, Fiji) jump from +180 to -180 and Leaflet
 * draws a streak across the whole map: each point is moved by ±360° to stay within 180° of the
 * previous one, so the ring continues past 180° instead.
 */
export function unwrapRing(ring: Position[]): Position[] {
  const out: Position[] = [];
  let previous: number | undefined;
  for (const [lon, lat] of ring) {
    let x = lon!;
    if (previous !== undefined) {
      while (x - previous > 180) x -= 360;
      while (x - previous < -180) x += 360;
    }
    out.push([x, lat!]);
    previous = x;
  }
  return out;
}

function unwrap(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  if (geometry.type === 'Polygon') return { type: 'Polygon', coordinates: geometry.coordinates.map(unwrapRing) };
  return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
}

const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const geometries = topology.objects.countries.geometries;

/** How many shapes the dataset has (before those without an ISO code or area are left out). */
export const COUNTRY_COUNT = geometries.length;

/**
 * Country shapes of the bundled Natural Earth 1:110m dataset, keyed by ISO alpha-3: those of the
 * dataset's entries from `start` to `end`, so a caller can decode them a batch at a time.
 */
export function countryShapes(start = 0, end = COUNTRY_COUNT): CountryShape[] {
  const shapes: CountryShape[] = [];
  for (const geometry of geometries.slice(start, end)) {
    const f = feature(topology, geometry) as Feature<Geometry, { name: string }>;
    const a3 = f.id === undefined ? undefined : numericToAlpha3(String(f.id).padStart(3, '0'));
    if (!a3 || !f.geometry || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) continue;
    shapes.push({ a3, name: f.properties.name, geometry: unwrap(f.geometry) });
  }
  return shapes;
}
