import { type ReactNode, useEffect, useRef } from 'react';

interface DialogProps {
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Escape, the backdrop or a close button asked to close; the owner decides. */
  onRequestClose(): void;
  /** 'drawer' slides in from the right; 'center' is a centred card. */
  variant?: 'drawer' | 'center';
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, restores it on close and makes
 * the rest of the page inert. Mount it to open it, unmount it to close it.
 */
export function Dialog({ labelledBy, onRequestClose, variant = 'center', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  const placement =
    variant === 'drawer'
      ? 'm-0 ml-auto h-dvh max-h-none w-full max-w-md motion-safe:animate-[slide-in_250ms_ease-out]'
      : 'm-auto w-[calc(100%-2rem)] max-w-md rounded-sm motion-safe:animate-[fade-in_200ms_ease-out]';
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`${placement} bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50`}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onRequestClose();
      }}
    >
      {children}
    </dialog>
  );
}
