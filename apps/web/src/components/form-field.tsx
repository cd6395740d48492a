/**
 * The storefront's form field: its label, its control and the control's error, wired for
 * screen readers (the control is aria-invalid and described by the error while there is
 * one), and a form's text fields written as a list of them (TextFields). Register, forgot and
 * reset password and the checkout's address use it, so a field looks, reads and announces its
 * error the same in every shopper's form. (The back office has its own, components/admin/ui.tsx's
 * Field.)
 */
import type { ComponentProps, ReactNode } from 'react';
import { inputClass, labelClass } from './ui-classes.ts';

/** What the control needs from its field: its id and aria props. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  /** The control's id; its error's is `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The field's error, as react-hook-form keeps it: the control is invalid, and its message shown. */
  error?: { message?: string };
  /** Shown under the control while there is no error message (the password's rules). */
  hint?: ReactNode;
  /** What describes the control while it has no error (a hint's or the form's message's id). */
  describedBy?: string;
  className?: string;
  /** A text input's props (type, autoComplete, what `register` returns), when the control is a plain input. */
  input?: ComponentProps<'input'>;
  /** Any other control (a select, a password input), given its id and aria props. */
  children?: (control: FieldControlProps) => ReactNode;
}

export function FormField({ id, label, error, hint, describedBy, className, input, children }: FormFieldProps) {
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : describedBy,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children ? children(control) : <input className={inputClass} {...control} {...input} type={input?.type ?? 'text'} />}
      {error?.message ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-sale">
          {error.message}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}

/** A text field of a form written as a list: what it asks, its input type and autocomplete token. */
export interface TextFieldSpec<Name extends string> {
  name: Name;
  label: string;
  autoComplete: string;
  /** 'text' unless given. */
  type?: string;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
}

/** The form's text fields, in their list's order; `register` and `errors` are the form's (react-hook-form). */
export function TextFields<Name extends string>({
  idPrefix,
  fields,
  errors,
  register,
}: {
  idPrefix: string;
  fields: readonly TextFieldSpec<Name>[];
  errors: Partial<Record<Name, { message?: string }>>;
  register(name: Name): ComponentProps<'input'>;
}) {
  return fields.map((field) => (
    <FormField
      key={field.name}
      id={`${idPrefix}-${field.name}`}
      label={field.label}
      error={errors[field.name]}
      className={field.wide ? 'sm:col-span-2' : undefined}
      input={{ type: field.type, autoComplete: field.autoComplete, ...register(field.name) }}
    />
  ));
}
