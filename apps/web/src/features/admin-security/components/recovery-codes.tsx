/**
 * The recovery codes, shown once just after two-factor sign-in is turned on (the server keeps
 * only their hashes): each signs the member in once when the phone is lost. Copy them or
 * download them as a text file; Done leaves them behind for good.
 */
import { useEffect, useId, useRef } from 'react';
import { buttonClass } from '@/components/admin/ui.tsx';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { recoveryCodesText, textFileUrl } from '../sign-in-security.ts';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const email = useSession((s) => s.user?.email ?? '');
  const text = recoveryCodesText(codes, email);

  // The form that was here is gone: the reader goes on from the codes' heading.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied', { area: 'admin' });
    } catch {
      notify.error('Could not copy: select the codes and copy them, or download them', { area: 'admin' });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        Two-factor sign-in is on. Save your recovery codes
      </h3>
      <p className="text-sm text-neutral-800">
        If you lose your phone, each of these codes signs you in once. They are shown <strong>only now</strong>: copy them or
        download them, and keep them somewhere safe that is not your phone.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md bg-neutral-50 p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={copy}>
          Copy codes
        </button>
        <a className={buttonClass.secondary} href={textFileUrl(text)} download="adire-recovery-codes.txt">
          Download
        </a>
        <button type="button" className={buttonClass.primary} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
