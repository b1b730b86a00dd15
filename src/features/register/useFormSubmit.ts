import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useNavigate } from 'react-router-dom';
import { standaloneFeedback } from '../../lib/feedback';
import { showFieldErrors } from './fieldErrors';

/**
 * A form's submit: `submitting` while `run` is under way, and a refusal that names fields shown under
 * them (the error mapper has already toasted it).
 */
export function useFormSubmit<T>(form: FormInstance<T>, fields: readonly string[]) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (run: () => Promise<void>) => {
    setSubmitting(true);
    try {
      await run();
    } catch (error) {
      showFieldErrors(form, error, fields);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit };
}

/** After a new password: the server's words as a toast, and the entry's login page (every session has ended). */
export function useSignInAgain(loginPath: string) {
  const navigate = useNavigate();
  return async (msg: string) => {
    // The login page has no antd providers: a toast of this page's <App> would vanish with it.
    standaloneFeedback().message.success(msg);
    await navigate(loginPath, { replace: true });
  };
}
