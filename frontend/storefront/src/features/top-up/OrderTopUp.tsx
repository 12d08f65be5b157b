import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { TopUpPanel } from './TopUpPanel';

/** The search parameters that open an eSIM's top-up on its order page (the checkout's "top up my eSIM" links here). */
export const TOP_UP_PARAM = 'top-up';
export const TOP_UP_PACKAGE_PARAM = 'package';

export function topUpPath(orderId: string, iccid: string, packageId?: string): string {
  const query = new URLSearchParams({
    [TOP_UP_PARAM]: iccid,
    ...(packageId ? { [TOP_UP_PACKAGE_PARAM]: packageId } : {}),
  });
  return `/order/${encodeURIComponent(orderId)}?${query}`;
}

/** An eSIM's top-up on its order page, full width under the eSIM's install details; open when the address asks for it. */
export function OrderTopUp({ iccid }: { iccid: string }) {
  const [params, setParams] = useSearchParams();
  const open = params.get(TOP_UP_PARAM) === iccid;
  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(TOP_UP_PARAM, iccid);
        else {
          updated.delete(TOP_UP_PARAM);
          updated.delete(TOP_UP_PACKAGE_PARAM);
        }
        return updated;
      },
      { replace: true },
    );
  return (
    <Box sx={{ flex: '1 1 100%', minWidth: 0 }}>
      <TopUpPanel
        iccid={iccid}
        open={open}
        initialPackageId={params.get(TOP_UP_PACKAGE_PARAM) ?? undefined}
        onOpenChange={setOpen}
      />
    </Box>
  );
}
