/**
 * The password typed again, under a form's new password (register, reset password, accepting
 * an invitation to the staff): while the two differ it says so (PASSWORDS_MUST_MATCH) and is
 * invalid, described by that message. Takes what react-hook-form's `register` returns.
 */
import type { ComponentProps } from 'react';
import { PASSWORDS_MUST_MATCH } from '@/lib/passwords.ts';
import { PasswordInput } from './password-input.tsx';
import { inputClass, labelClass } from './ui-classes.ts';

interface ConfirmPasswordFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  id: string;
  label: string;
  /** The two differ (lib/passwords.ts passwordsDiffer): the message shows. */
  mismatch: boolean;
  /** Invalid although the message does not show (the form refused the field). */
  invalid?: boolean;
}

export function ConfirmPasswordField({ id, label, mismatch, invalid = false, ...input }: ConfirmPasswordFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <PasswordInput
        id={id}
        autoComplete="new-password"
        className={inputClass}
        aria-invalid={invalid || mismatch || undefined}
        aria-describedby={mismatch ? `${id}-mismatch` : undefined}
        {...input}
      />
      {mismatch && (
        <p id={`${id}-mismatch`} className="mt-1.5 text-sm font-medium text-sale">
          {PASSWORDS_MUST_MATCH}
        </p>
      )}
    </div>
  );
}
