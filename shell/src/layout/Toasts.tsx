/**
 * The site's one toast container (spec §4, §9): top right, 3000 ms, swipe 80 px to dismiss, four at
 * most. Loaded lazily by DefaultLayout (see `toastsRequested` in @landing/shared): react-toastify
 * is not needed for the first paint.
 */
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@landing/shared';
import { TOAST_WIDTH_PX, toastTransition } from './toasts';

export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TIMINGS.toastMs}
      draggable
      draggableDirection="x"
      draggablePercent={(TIMINGS.toastSwipePx / TOAST_WIDTH_PX) * 100}
      transition={toastTransition}
      newestOnTop
      theme="dark"
      limit={4}
    />
  );
}
