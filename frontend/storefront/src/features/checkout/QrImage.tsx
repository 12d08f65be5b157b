import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { storedToken } from '../../api/session';

/** The QR png is behind the caller's token, so it is fetched as a blob. */
export function QrImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    const token = storedToken();
    fetch(url.startsWith('/api') || url.startsWith('http') ? url : `/api${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch((error) => console.error('QR code could not be loaded', error));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!src) return <Skeleton variant="rectangular" width={220} height={220} />;
  return (
    <Box component="img" src={src} alt={alt} width={220} height={220} sx={{ bgcolor: '#fff', p: 1, borderRadius: 1 }} />
  );
}
