import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { UserInvoice } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';
import { fetchQr } from '@esim/frontend-shared/QrImage';
import { useApi } from '../../lib/useApi';

// The PDF sits behind the token like a QR code: the same loader fetches it as an object URL.
const loadFile = fetchQr(() => browserSession.read()?.token);

/**
 * "Download invoice" once the order's e-Arşiv invoice is issued (the service answers 404 until
 * then, and nothing shows); the PDF is fetched from the invoicing provider when asked.
 */
export function InvoiceLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('shop');
  const { data: invoice } = useApi<UserInvoice>(`/user/orders/${encodeURIComponent(orderId)}/invoice`);
  const [busy, setBusy] = useState(false);
  if (!invoice) return null;
  const download = async () => {
    setBusy(true);
    try {
      const url = await loadFile(invoice.pdf_path);
      const link = document.createElement('a');
      link.href = url;
      link.download = `fatura-${invoice.number}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast.error(t('order.invoice.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <ReceiptLongIcon />}
      data-testid="order-invoice"
    >
      {t('order.invoice.download')}
    </Button>
  );
}
