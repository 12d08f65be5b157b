import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** Fetches a QR png behind the caller's token and gives an object URL for it. */
export type QrLoader = (url: string) => Promise<string>;

/** A loader over fetch with the bearer token, for an app without a data provider. */
export const fetchQr =
  (token: () => string | null | undefined): QrLoader =>
  async (url) => {
    const bearer = token();
    const response = await fetch(url.startsWith('/api') || url.startsWith('http') ? url : `/api${url}`, {
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`QR code answered ${response.status}`);
    return URL.createObjectURL(await response.blob());
  };

/**
 * An eSIM's QR code: a data URL as it is, a URL behind the token through `load`. The object URL is
 * released when the image goes or its source changes.
 */
export function QrImage({
  src,
  alt,
  load,
  failedText,
  size = 220,
}: {
  src: string;
  alt: string;
  load: QrLoader;
  failedText: string;
  size?: number;
}) {
  const [url, setUrl] = useState<string | null>(src.startsWith('data:') ? src : null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (src.startsWith('data:')) {
      setUrl(src);
      return;
    }
    let objectUrl: string | null = null;
    let live = true;
    setUrl(null);
    setFailed(false);
    load(src).then(
      (made) => {
        objectUrl = made;
        if (live) setUrl(made);
        else URL.revokeObjectURL(made);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, load]);
  if (failed) return <Typography color="error">{failedText}</Typography>;
  if (!url) return <Skeleton variant="rectangular" width={size} height={size} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      width={size}
      height={size}
      sx={{ bgcolor: '#fff', p: 1, borderRadius: 1 }}
    />
  );
}
