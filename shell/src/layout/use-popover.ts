import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open state of a dropdown or menu that closes on a pointer press outside its element (spec §2:
 * the server dropdown and the mobile menu close on an outside click).
 * @returns `open` (false at first), `setOpen`, a stable `close`, and the `ref` to put on the
 *          element whose outside counts
 */
export function usePopover<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const ref = useRef<T>(null);
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);
  return { open, setOpen, close, ref };
}
