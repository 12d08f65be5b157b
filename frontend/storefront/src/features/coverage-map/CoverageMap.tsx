import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import L, { type GeoJSON as LeafletGeoJSON, type LatLngBoundsExpression, type PathOptions } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Feature } from 'geojson';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CoverageCountry } from '../catalog/types';
import { Flag } from '../../ui/Flag';
import { formatEuro } from '@esim/frontend-shared/format';
import { COUNTRY_COUNT, countryShapes } from './shapes';

/** Map centre and zoom (docs/product.md, Constants); the tile URL comes from the build's environment. */
export const MAP_CENTER: [number, number] = [45, 20];
export const MAP_ZOOM = 4;
export const TILE_URL =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export const COVERAGE_COLORS = { covered: '#1b7a3a', coming_soon: '#e0a100', not_available: '#9aa0a6' } as const;

type Status = keyof typeof COVERAGE_COLORS;
const STYLES = new Map<string, PathOptions>();
/** A shape's look for its coverage and selection, the selected one outlined in the shop's colour (one object per look, made once). */
function styleOf(status: Status, selected: boolean, outline: string): PathOptions {
  const key = `${status}-${selected}-${outline}`;
  if (!STYLES.has(key)) {
    STYLES.set(key, {
      color: selected ? outline : '#ffffff',
      weight: selected ? 3 : 0.6,
      fillColor: COVERAGE_COLORS[status],
      fillOpacity: status === 'not_available' ? 0.35 : 0.7,
    });
  }
  return STYLES.get(key)!;
}

/** How long one task may add shapes before it yields: a slice that stays short on a slow phone too. */
const SLICE_MS = 4;

/**
 * The countries' shapes, coloured by coverage, added a slice of time at a time (each task adds what
 * fits in a few milliseconds, then yields), decoded from the TopoJSON as they are added; one
 * Leaflet layer per country, kept in `layers` for the popup's place and fly-to bounds. A new
 * selection restyles the two countries it changes; new coverage data restyles them all.
 */
function CountryShapes({
  byA3,
  selected,
  onToggle,
  layers,
}: {
  byA3: Map<string, CoverageCountry>;
  selected: string | null;
  onToggle(a3: string): void;
  layers: RefObject<Map<string, LeafletGeoJSON>>;
}) {
  const map = useMap();
  const outline = useTheme().palette.primary.main;
  const current = useRef({ byA3, selected, onToggle });
  current.current = { byA3, selected, onToggle };
  const styleFor = useCallback(
    (a3: string) =>
      styleOf(
        current.current.byA3.get(a3)?.coverage_status ?? 'not_available',
        current.current.selected === a3,
        outline,
      ),
    [outline],
  );

  useEffect(() => {
    const group = L.featureGroup().addTo(map);
    const added = layers.current;
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const addSlice = () => {
      const until = performance.now() + SLICE_MS;
      while (next < COUNTRY_COUNT && performance.now() < until) {
        for (const shape of countryShapes(next, next + 1)) {
          const layer = L.geoJSON({ type: 'Feature', properties: {}, geometry: shape.geometry } as Feature, {
            style: styleFor(shape.a3),
          });
          layer.on('click', (event: L.LeafletMouseEvent) => {
            L.DomEvent.stopPropagation(event);
            if (current.current.byA3.has(shape.a3)) current.current.onToggle(shape.a3);
          });
          group.addLayer(layer);
          added.set(shape.a3, layer);
          if (current.current.selected === shape.a3) layer.bringToFront();
        }
        next++;
      }
      if (next < COUNTRY_COUNT) timer = setTimeout(addSlice, 0);
    };
    timer = setTimeout(addSlice, 0);
    return () => {
      clearTimeout(timer);
      group.remove();
      added.clear();
    };
  }, [map, layers, styleFor]);

  // New coverage data: every shape's colour may change.
  useEffect(() => {
    layers.current.forEach((layer, a3) => layer.setStyle(styleFor(a3)));
  }, [byA3, layers, styleFor]);

  // A selection: the country left and the one chosen (its thicker border above its neighbours').
  const previous = useRef(selected);
  useEffect(() => {
    for (const a3 of [previous.current, selected]) if (a3) layers.current.get(a3)?.setStyle(styleFor(a3));
    if (selected) layers.current.get(selected)?.bringToFront();
    previous.current = selected;
  }, [selected, layers, styleFor]);
  return null;
}

function FlyTo({ bounds }: { bounds: LatLngBoundsExpression | null }) {
  const map = useMap();
  useEffect(() => {
    if (bounds) map.flyToBounds(bounds, { maxZoom: 5, duration: 0.8 });
  }, [bounds, map]);
  return null;
}

export interface CoverageMapProps {
  countries: CoverageCountry[];
  selected: string | null;
  onSelect(a3: string | null): void;
  flyTo: string | null;
}

/** The coverage map: shapes bundled with the app, coloured by coverage; tiles optional (a failure is only logged). */
export default function CoverageMap({ countries, selected, onSelect, flyTo }: CoverageMapProps) {
  const { t } = useTranslation('coverage');
  const byA3 = useMemo(() => new Map(countries.map((c) => [c.a3, c])), [countries]);
  const layers = useRef(new Map<string, LeafletGeoJSON>());
  const loggedTileError = useRef(false);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const toggle = useCallback((a3: string) => onSelectRef.current(selectedRef.current === a3 ? null : a3), []);
  // The tiles and the shapes start a task after the map itself, so creating the map (its size, its
  // view) and adding its layers are not one long commit.
  const [layersStarted, setLayersStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLayersStarted(true), 0);
    return () => clearTimeout(timer);
  }, []);

  const boundsOf = (a3: string | null) => {
    const layer = a3 ? layers.current.get(a3) : undefined;
    return layer ? layer.getBounds() : null;
  };
  const selectedCountry = selected ? byA3.get(selected) : undefined;
  const popupAt = selected ? boundsOf(selected)?.getCenter() : undefined;

  return (
    <MapContainer
      center={MAP_CENTER}
      zoom={MAP_ZOOM}
      minZoom={2}
      maxZoom={18}
      zoomControl
      worldCopyJump
      style={{ height: '100%', width: '100%' }}
      aria-label={t('mapLabel')}
    >
      {layersStarted && (
        <TileLayer
          url={TILE_URL}
          attribution={TILE_ATTRIBUTION}
          tileSize={256}
          maxZoom={18}
          eventHandlers={{
            tileerror: () => {
              if (!loggedTileError.current)
                console.warn('map tiles could not be loaded; the country shapes still show');
              loggedTileError.current = true;
            },
          }}
        />
      )}
      {layersStarted && <CountryShapes byA3={byA3} selected={selected} onToggle={toggle} layers={layers} />}
      <FlyTo bounds={flyTo ? boundsOf(flyTo) : null} />
      {selectedCountry && popupAt && (
        <Popup
          position={popupAt}
          eventHandlers={{ remove: () => selectedRef.current === selectedCountry.a3 && onSelect(null) }}
        >
          <Box sx={{ minWidth: 180 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Flag code={selectedCountry.flag} size={28} />
              <Typography sx={{ fontWeight: 700 }}>{selectedCountry.name}</Typography>
            </Box>
            {selectedCountry.price_per_day !== null && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('perDay')}: <strong>{formatEuro(selectedCountry.price_per_day)}</strong>
              </Typography>
            )}
            {selectedCountry.speed && (
              <Typography variant="body2">
                {t('speed')}: <strong>{selectedCountry.speed}</strong>
              </Typography>
            )}
            {selectedCountry.features.length > 0 && (
              <Box component="ul" sx={{ pl: 2, my: 1 }}>
                {selectedCountry.features.map((f) => (
                  <li key={f}>
                    <Typography variant="body2">{f}</Typography>
                  </li>
                ))}
              </Box>
            )}
            {selectedCountry.coverage_status === 'covered' && (
              <Button size="small" component={RouterLink} to={`/packages/${selectedCountry.slug}`}>
                {t('viewPackages')}
              </Button>
            )}
          </Box>
        </Popup>
      )}
    </MapContainer>
  );
}
