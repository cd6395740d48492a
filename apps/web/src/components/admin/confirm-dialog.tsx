/**
 * Asking before a destructive action: `const { confirm, dialog } = useConfirm()`, render
 * `dialog`, then `if (await confirm('Delete this?')) ...`. A modal alertdialog that keeps
 * focus on its buttons and answers "no" on Escape.
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from './ui.tsx';

interface Pending {
  message: string;
  confirmLabel: string;
  resolve(ok: boolean): void;
}

export function useConfirm(): { confirm(message: string, confirmLabel?: string): Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = 'Delete') =>
      new Promise<boolean>((resolve) => setPending({ message, confirmLabel, resolve })),
    [],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const dialog = pending ? (
    <ConfirmDialog message={pending.message} confirmLabel={pending.confirmLabel} onAnswer={answer} />
  ) : null;
  return { confirm, dialog };
}

function ConfirmDialog({
  message,
  confirmLabel,
  onAnswer,
}: {
  message: string;
  confirmLabel: string;
  onAnswer(ok: boolean): void;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef(onAnswer);
  answerRef.current = onAnswer;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') answerRef.current(false);
      if (e.key === 'Tab') {
        // Two buttons: keep focus between them.
        e.preventDefault();
        (document.activeElement === cancelRef.current ? confirmRef.current : cancelRef.current)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4 print:hidden">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl"
      >
        <p id={titleId} className="text-base font-medium text-neutral-900">
          {message}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button ref={cancelRef} type="button" className={buttonClass.secondary} onClick={() => onAnswer(false)}>
            Cancel
          </button>
          <button ref={confirmRef} type="button" className={buttonClass.danger} onClick={() => onAnswer(true)}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
