import { useDataProvider, useNotify } from 'react-admin';
import type { BackOfficeDataProvider } from './dataProvider';
import { useRefreshListAndFigures } from './figures';

/**
 * Sends an admin's decision (approve, confirm, reject, refund), says how it went and refreshes what it
 * changed; answers whether the service took it. A refusal is shown as the service words it.
 */
export function useDecision() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const afterDecision = useRefreshListAndFigures();
  return async (
    path: string,
    body: unknown,
    done: { message: string; type: 'success' | 'info' },
    onRefusal?: (error: unknown) => Promise<void>,
  ): Promise<boolean> => {
    try {
      const { message } = await dataProvider.send('POST', path, body);
      notify(message || done.message, { type: done.type });
      afterDecision();
      return true;
    } catch (error) {
      await onRefusal?.(error);
      notify((error as Error).message, { type: 'error' });
      return false;
    }
  };
}
