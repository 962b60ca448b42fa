/**
 * Toast presentation (spec §4, §9) for react-toastify: 300 ms slide animation; toasts are
 * 320 px wide so the library's swipe threshold (a percentage of width) equals 80 px.
 */
import { cssTransition } from 'react-toastify';
import { TIMINGS } from '@landing/shared';

export const TOAST_WIDTH_PX = 320;

export const toastTransition = cssTransition({
  enter: 'toast-in',
  exit: 'toast-out',
  collapseDuration: TIMINGS.toastAnimationMs,
});
