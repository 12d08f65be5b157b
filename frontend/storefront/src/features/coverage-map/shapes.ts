import { numericToAlpha3 } from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
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

/** Country shapes of the bundled Natural Earth 1:110m dataset, keyed by ISO alpha-3. */
export function countryShapes(): CountryShape[] {
  const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
  const shapes: CountryShape[] = [];
  for (const f of collection.features as Array<Feature<Geometry, { name: string }>>) {
    const a3 = f.id === undefined ? undefined : numericToAlpha3(String(f.id).padStart(3, '0'));
    if (!a3 || !f.geometry || (f.geometry.type !== 'Polygon' && f.geometry.type !== 'MultiPolygon')) continue;
    shapes.push({ a3, name: f.properties.name, geometry: unwrap(f.geometry) });
  }
  return shapes;
}
