import { Box, Skeleton, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';

/** The eSIM's QR code: a data URL as it is, a URL behind the token fetched with it. */
export function QrImage({ src, alt }: { src: string; alt: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [url, setUrl] = useState<string | null>(src.startsWith('data:') ? src : null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (src.startsWith('data:')) return;
    let objectUrl: string | null = null;
    let live = true;
    dataProvider.blobUrl(src.replace(/^\/api\//, '')).then(
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
  }, [src, dataProvider]);
  if (failed) return <Typography color="error">{translate('app.orders.qr_failed')}</Typography>;
  if (!url) return <Skeleton variant="rectangular" width={200} height={200} />;
  return (
    <Box component="img" src={url} alt={alt} sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }} />
  );
}
