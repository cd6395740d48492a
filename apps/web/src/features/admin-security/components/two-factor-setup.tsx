/**
 * Setting two-factor sign-in up: the QR code of the secret's otpauth:// URL for the
 * authenticator app to scan (drawn here with the `qrcode` package, which only this page's code
 * loads), the secret as text to type in instead, and the first code from the app, which turns
 * it on and answers the recovery codes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type TwoFactorSetup as Setup, twoFactorEnableBody } from '@shop/shared/two-factor';
import { useMutation } from '@tanstack/react-query';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClass, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { enableTwoFactorMutation } from '@/lib/api/two-factor.ts';
import { groupedSecret } from '../sign-in-security.ts';

/** The otpauth:// URL as an SVG image (no canvas needed), or null while it is drawn. */
function useQrCode(url: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}

interface TwoFactorSetupProps {
  setup: Setup;
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
}

export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const id = useId();
  const qr = useQrCode(setup.otpauthUrl);
  const enable = useMutation(enableTwoFactorMutation);
  const form = useForm({ defaultValues: { code: '' }, resolver: zodResolver(twoFactorEnableBody) });
  const error = form.formState.errors.code?.message;
  const codeId = `${id}-code`;

  const onSubmit = form.handleSubmit(({ code }) =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (refusal) => {
        form.setValue('code', '');
        form.setError('code', { message: refusal.message }, { shouldFocus: true });
      },
    }),
  );

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-800">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
        <li>Scan this QR code with it, or type the key below into it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex h-44 w-44 shrink-0 items-center justify-center rounded-md border border-neutral-200 bg-white">
          {qr ? (
            <img src={qr} alt="QR code of your two-factor key, to scan with your authenticator app" className="h-44 w-44" />
          ) : (
            <span role="status" className="text-xs text-neutral-600">
              Drawing the QR code...
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium text-neutral-800">Can’t scan it? Type this key into the app:</p>
          <p className="mt-1 font-mono text-base break-all text-neutral-900">{groupedSecret(setup.secret)}</p>
          <p className="mt-1 text-xs text-neutral-600">Time-based (TOTP), 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <Field label="Code from the app" htmlFor={codeId} error={error}>
          <input
            id={codeId}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            className={`${inputClass} max-w-40`}
            {...errorProps(codeId, error)}
            {...form.register('code')}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary} disabled={enable.isPending}>
            {enable.isPending ? 'Turning on...' : 'Turn on two-factor sign-in'}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
