import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { SellerView } from '@esim/contracts';
import { useShop } from '../lib/brand';

/** The shop's legal details as its identity gives them (GET /public/shop, set by an admin). */
export const useSeller = (): SellerView | undefined => useShop()?.seller;

/** The shop's address, phone and e-mail, from the same identity the contracts and receipts name. */
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
