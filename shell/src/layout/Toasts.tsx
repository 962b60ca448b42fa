/**
 * The site's one toast container (spec §4, §9): top right, 3000 ms, swipe 80 px to dismiss, four at
 * most. Loaded lazily by DefaultLayout (see `toastsRequested` in @landing/shared): react-toastify
 * is not needed for the first paint.
 */
import { ToastContainer, cssTransition } from 'react-toastify';
import { TIMINGS } from '@landing/shared';

/** Toast width (px): the library's swipe threshold is a percentage of it, so 320 px gives 80 px. */
const TOAST_WIDTH_PX = 320;

/** 300 ms slide in and out (`toast-in` / `toast-out` in styles/toasts.css). */
const toastTransition = cssTransition({
  enter: 'toast-in',
  exit: 'toast-out',
  collapseDuration: TIMINGS.toastAnimationMs,
});

/** The toast container (react-toastify), default export for `React.lazy`. */
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
