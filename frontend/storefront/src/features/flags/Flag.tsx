import Box from '@mui/material/Box';

// Each flag is its own small SVG file in the build, fetched only where it is shown (no flag CDN).
const FLAGS = import.meta.glob('../../../../../node_modules/flag-icons/flags/4x3/*.svg', { query: '?url', import: 'default', eager: true }) as Record<string, string>;
const byCode = new Map(Object.entries(FLAGS).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -4), url]));

export function flagUrl(code: string): string | undefined {
  return byCode.get(code.toLowerCase());
}

/** A country flag (ISO alpha-2, or 'gb'/'tr' for the languages); decorative unless given a label. */
export function Flag({ code, size = 20, label }: { code: string; size?: number; label?: string }) {
  const url = flagUrl(code);
  const height = Math.round((size * 3) / 4);
  if (!url) return <Box component="span" sx={{ display: 'inline-block', width: size, height }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={label ?? ''}
      width={size}
      height={height}
      loading="lazy"
      decoding="async"
      sx={{ borderRadius: '2px', objectFit: 'cover', flexShrink: 0, boxShadow: '0 0 0 1px rgba(0,0,0,.08)' }}
    />
  );
}
