import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { Box } from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmButton } from '../../layout/ConfirmButton';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';

/** Takes a package off sale or puts it back, after asking: orders and dealer prices keep pointing at it either way. */
export function ActiveToggle({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const activating = !record.active;
  const change = async () => {
    try {
      const { message } = await dataProvider.send('PUT', `admin/packages/${encodeURIComponent(String(record.id))}`, {
        active: activating,
      });
      notify(message || 'app.admin_packages.saved', { type: 'success' });
      refresh();
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    }
  };
  return (
    // On a phone the row is a link: the button's click must neither bubble to it nor follow it.
    <Box
      onClick={(event) => {
        event.stopPropagation();
        event.preventDefault();
      }}
    >
      <ConfirmButton
        size="small"
        color={activating ? 'success' : 'warning'}
        startIcon={activating ? <CheckCircleIcon /> : <RemoveShoppingCartIcon />}
        title={translate(activating ? 'app.admin_packages.activate_title' : 'app.admin_packages.deactivate_title', {
          code: record.code,
        })}
        content={translate(activating ? 'app.admin_packages.activate_body' : 'app.admin_packages.deactivate_body', {
          code: record.code,
        })}
        onConfirm={change}
      >
        {translate(activating ? 'app.admin_packages.activate' : 'app.admin_packages.deactivate')}
      </ConfirmButton>
    </Box>
  );
}
