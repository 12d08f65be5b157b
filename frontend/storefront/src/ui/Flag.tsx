import Box from '@mui/material/Box';

/** A flag's image (flag-icons' 4:3 set, rendered to PNG into the build by scripts/flags.ts; no flag CDN). */
export function flagUrl(code: string): string {
  return `/flags/${encodeURIComponent(code.toLowerCase())}.png`;
}

/** A country flag (ISO alpha-2, or 'gb'/'tr' for the languages); decorative unless given a label. */
export function Flag({ code, size = 20, label }: { code: string; size?: number; label?: string }) {
  const height = Math.round((size * 3) / 4);
  return (
    <Box
      component="img"
      src={flagUrl(code)}
      alt={label ?? ''}
      width={size}
      height={height}
      loading="lazy"
      decoding="async"
      sx={{ borderRadius: '2px', objectFit: 'cover', flexShrink: 0, boxShadow: '0 0 0 1px rgba(0,0,0,.08)' }}
    />
  );
}
