import type { FormInstance } from 'antd';
import { ApiError } from '../../api/errors';
import type { FieldError } from '@domain/core/envelope';

/**
 * A server refusal that names fields (`data.errors`) puts each message under its own input, besides the
 * toast the error mapper already showed, so the user sees which field to fix.
 */
export function showFieldErrors<T>(form: FormInstance<T>, error: unknown, known: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  const errors = (error.data as { errors?: FieldError[] } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return;
  const fields = errors.filter((e) => known.includes(e.field)).map((e) => ({ name: e.field, errors: [e.msg] }));
  // The field list is built from the form's own names; antd types names per form value type.
  if (fields.length) form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
}
