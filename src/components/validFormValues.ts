import type { FormInstance } from 'antd';

/**
 * The form's values once every rule passes, or null when one does not: antd then already shows each
 * refused field's message, so a submit handler simply stops.
 */
export async function validFormValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
