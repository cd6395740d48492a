/**
 * A refused request's messages, put on the form that sent it: each `{path, message}` of an
 * ApiError's `errors` (the server's validation, field by field) on the field the form knows
 * by that path, and the request's own message as the form's message ('root.server') for a
 * form that shows one. Every form that writes the server's answer back into its fields uses
 * this, so they all read the answer the same way.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

export interface ServerErrorOptions<T extends FieldValues> {
  /**
   * The form's field for a path, or undefined for one it does not know (its message is then
   * left to the request's message). By default every non-empty path is the field's name.
   */
  fieldOf?(path: string): FieldPath<T> | undefined;
  /** Also set 'root.server' to the request's message (any error, refused or not). */
  formMessage?: boolean;
}

const samePath = <T extends FieldValues>(path: string) => (path ? (path as FieldPath<T>) : undefined);

/** Several messages for one field: the last one stays, as the server lists them. */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  { fieldOf = samePath, formMessage = false }: ServerErrorOptions<T> = {},
): void {
  if (error instanceof ApiError) {
    for (const { path, message } of error.errors) {
      const field = fieldOf(path);
      if (field) form.setError(field, { message });
    }
  }
  if (formMessage && error instanceof Error) form.setError('root.server', { message: error.message });
}
