import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { GeoJSON, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import L, { type GeoJSON as LeafletGeoJSON, type LatLngBoundsExpression, type PathOptions } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Feature } from 'geojson';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CoverageCountry } from '../catalog/types';
import { Flag } from '../../ui/Flag';
import { formatEuro } from '@esim/frontend-shared/format';
import { useGrowingCount } from '../../lib/useGrowingCount';
import { COUNTRY_COUNT, countryShapes, type CountryShape } from './shapes';

/** Map settings of the spec (section 9); the tile URL comes from the build's environment. */
export const MAP_CENTER: [number, number] = [45, 20];
export const MAP_ZOOM = 4;
export const TILE_URL =
  (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export const COVERAGE_COLORS = { covered: '#1b7a3a', coming_soon: '#e0a100', not_available: '#9aa0a6' } as const;

type Status = keyof typeof COVERAGE_COLORS;
const STYLES = new Map<string, PathOptions>();
/** One object per look: react-leaflet restyles a layer whenever its style prop is a new object. */
function styleOf(status: Status, selected: boolean): PathOptions {
  const key = `${status}-${selected}`;
  if (!STYLES.has(key)) {
    STYLES.set(key, {
      color: selected ? '#0b57d0' : '#ffffff',
      weight: selected ? 3 : 0.6,
      fillColor: COVERAGE_COLORS[status],
      fillOpacity: status === 'not_available' ? 0.35 : 0.7,
    });
  }
  return STYLES.get(key)!;
}

interface ShapeLayerProps {
  shape: CountryShape;
  status: Status;
  selected: boolean;
  clickable: boolean;
  onClick(a3: string): void;
  onLayer(a3: string, layer: LeafletGeoJSON): void;
}

/**
 * One country's shape. Memoised with stable props, so a render of the page (the list growing,
 * the next batch of shapes, a selection) neither restyles nor rebinds the layers it did not change.
 */
const ShapeLayer = memo(function ShapeLayer({ shape, status, selected, clickable, onClick, onLayer }: ShapeLayerProps) {
  const data = useMemo(() => ({ type: 'Feature', properties: {}, geometry: shape.geometry }) as Feature, [shape]);
  const layer = useRef<LeafletGeoJSON>(null);
  const eventHandlers = useMemo(
    () => ({
      click: (event: L.LeafletMouseEvent) => {
        L.DomEvent.stopPropagation(event);
        if (clickable) onClick(shape.a3);
      },
    }),
    [clickable, onClick, shape.a3],
  );
  useEffect(() => {
    if (!layer.current) return;
    onLayer(shape.a3, layer.current);
    // The selected country's thicker border above its neighbours'.
    if (selected) layer.current.bringToFront();
  }, [onLayer, selected, shape.a3]);
  return <GeoJSON ref={layer} data={data} style={styleOf(status, selected)} eventHandlers={eventHandlers} />;
});

function FlyTo({ bounds }: { bounds: LatLngBoundsExpression | null }) {
  const map = useMap();
  useEffect(() => {
    if (bounds) map.flyToBounds(bounds, { maxZoom: 5, duration: 0.8 });
  }, [bounds, map]);
  return null;
}

/** Shapes added per frame: adding all ~250 layers at once would block the page for a long task. */
const SHAPES_PER_BATCH = 40;

export interface CoverageMapProps {
  countries: CoverageCountry[];
  selected: string | null;
  onSelect(a3: string | null): void;
  flyTo: string | null;
}

/** The coverage map: shapes bundled with the app, coloured by coverage; tiles optional (a failure is only logged). */
export default function CoverageMap({ countries, selected, onSelect, flyTo }: CoverageMapProps) {
  const { t } = useTranslation('coverage');
  // Shapes are decoded from the TopoJSON a batch at a time, as they are added.
  const count = useGrowingCount(COUNTRY_COUNT, SHAPES_PER_BATCH);
  const decoded = useRef<CountryShape[]>([]);
  if (decoded.current.length < count)
    decoded.current = [...decoded.current, ...countryShapes(decoded.current.length, count)];
  const shapes = decoded.current;
  const byA3 = useMemo(() => new Map(countries.map((c) => [c.a3, c])), [countries]);
  const layers = useRef(new Map<string, LeafletGeoJSON>());
  const loggedTileError = useRef(false);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const toggle = useCallback((a3: string) => onSelectRef.current(selectedRef.current === a3 ? null : a3), []);
  const keepLayer = useCallback((a3: string, layer: LeafletGeoJSON) => layers.current.set(a3, layer), []);

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
      <TileLayer
        url={TILE_URL}
        attribution={TILE_ATTRIBUTION}
        tileSize={256}
        maxZoom={18}
        eventHandlers={{
          tileerror: () => {
            if (!loggedTileError.current) console.warn('map tiles could not be loaded; the country shapes still show');
            loggedTileError.current = true;
          },
        }}
      />
      {shapes.map((shape) => {
        const country = byA3.get(shape.a3);
        return (
          <ShapeLayer
            key={shape.a3}
            shape={shape}
            status={country?.coverage_status ?? 'not_available'}
            selected={selected === shape.a3}
            clickable={!!country}
            onClick={toggle}
            onLayer={keepLayer}
          />
        );
      })}
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
