import useMediaQuery from '@mui/material/useMediaQuery';
import { Toaster } from 'react-hot-toast';
import { TOAST_OPTIONS, toastPlacement, useToastLimit } from './toasts';

/** The toast stack; lazy, as no page shows a toast on its first paint (earlier ones wait in the store). */
export default function Toasts() {
  useToastLimit();
  const phone = useMediaQuery('(max-width:599.95px)');
  const placement = toastPlacement(phone);
  return (
    <Toaster position={placement.position} containerStyle={placement.containerStyle} toastOptions={TOAST_OPTIONS} />
  );
}
