/**
 * The build-time settings of the .env.* files, read and checked once at start: a missing value fails
 * loudly here instead of surfacing later as an unsigned request or an empty title.
 */
export interface AppEnv {
  /** Product name, used in the document title suffix. */
  title: string;
  /** Base of every API call (`/admin`); calls are written relative to it. */
  apiBaseUrl: string;
  apiKey: string;
  signSecret: string;
  /** The deployment's project code; the kind-3 rule of the guard applies only to `zbzj`. */
  projectCode: string;
  /** Name of the competition shown by the education entry. */
  eduTitle: string;
  /** Path (under apiBaseUrl) of the SMS captcha call; configuration decides it. */
  smsCaptchaPath: string;
  isProduction: boolean;
}

type EnvName =
  | 'VITE_APP_TITLE'
  | 'VITE_APP_API_BASE_URL'
  | 'VITE_APP_API_KEY'
  | 'VITE_APP_SIGN_SECRET'
  | 'VITE_APP_PROJECT_CODE'
  | 'VITE_APP_EDU_TITLE'
  | 'VITE_APP_SMS_CAPTCHA_PATH';

export function readEnv(source: Record<string, unknown>, isProduction: boolean): AppEnv {
  const missing: string[] = [];
  const read = (name: EnvName): string => {
    const value = source[name];
    if (typeof value !== 'string' || value.trim() === '') {
      missing.push(name);
      return '';
    }
    return value.trim();
  };
  const env: AppEnv = {
    title: read('VITE_APP_TITLE'),
    apiBaseUrl: read('VITE_APP_API_BASE_URL'),
    apiKey: read('VITE_APP_API_KEY'),
    signSecret: read('VITE_APP_SIGN_SECRET'),
    projectCode: read('VITE_APP_PROJECT_CODE'),
    eduTitle: read('VITE_APP_EDU_TITLE'),
    smsCaptchaPath: read('VITE_APP_SMS_CAPTCHA_PATH'),
    isProduction,
  };
  if (missing.length > 0) {
    throw new Error(`缺少环境变量：${missing.join('、')}（请检查 .env.development / .env.production）`);
  }
  return env;
}

export const env: AppEnv = readEnv(import.meta.env as unknown as Record<string, unknown>, import.meta.env.PROD);
