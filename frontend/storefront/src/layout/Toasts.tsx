import { Toaster } from 'react-hot-toast';
import { TOAST_OPTIONS, useToastLimit } from './toasts';

/** The toast stack; lazy, as no page shows a toast on its first paint (earlier ones wait in the store). */
export default function Toasts() {
  useToastLimit();
  return <Toaster position="bottom-right" toastOptions={TOAST_OPTIONS} />;
}
