import { useEffect, type RefObject } from 'react';

/**
 * Calls `onOutside` on a pointer press outside `ref` while `active` (spec §2: the server dropdown
 * and the mobile menu close on an outside click).
 */
export function useOutsideClick(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onDown = (e: PointerEvent | MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onOutside();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [ref, active, onOutside]);
}
