import { type RefObject, useEffect, useRef } from "react";

/**
 * A modal `<dialog>` driven by React state: `open` opens and closes it, and each way it closes (Escape,
 * a Close button calling `onClose`) tells the state at once. The dialog's own close event comes a moment
 * after it has closed — by then it may have been opened again, or a key may have moved the focus — and
 * then changes nothing. Spread the returned props on the `<dialog>`.
 *
 * The focus goes to `first` (else the browser's choice) on opening, and back to where it was on
 * closing, unless it has moved elsewhere meanwhile.
 */
export function useModalDialog(open: boolean, onClose: () => void, first?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `first` is a ref, read when the dialog opens
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      back.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      first?.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    onCancel: () => onClose(),
    onClose: () => {
      const dialog = ref.current;
      if (dialog?.open) return;
      onClose();
      const now = document.activeElement;
      const lost = now === null || now === document.body || dialog?.contains(now);
      if (lost && back.current?.isConnected) back.current.focus();
    },
  };
}
