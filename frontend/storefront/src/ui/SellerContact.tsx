import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { SellerView } from '@esim/contracts';
import { useApi } from '../lib/useApi';

export const SELLER_PATH = '/public/seller';

/** The shop's legal details as its configuration gives them (the esim service's SELLER_* settings). */
export const useSeller = (): SellerView | undefined => useApi<SellerView>(SELLER_PATH).data;

/** The shop's address, phone and e-mail, from the same settings the contracts and receipts name. */
export function SellerContact({ linkColor, sx }: { linkColor?: 'inherit'; sx?: TypographyProps['sx'] }) {
  const seller = useSeller();
  return (
    <Typography
      variant="body2"
      component="address"
      sx={{ fontStyle: 'normal', lineHeight: 1.8, ...sx }}
      data-testid="seller-contact"
    >
      {seller && (
        <>
          {seller.address}
          <br />
          <Link href={`tel:${seller.phone.replace(/\s/g, '')}`} color={linkColor}>
            {seller.phone}
          </Link>
          <br />
          <Link href={`mailto:${seller.email}`} color={linkColor}>
            {seller.email}
          </Link>
        </>
      )}
    </Typography>
  );
}
