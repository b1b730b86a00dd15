/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_TITLE: string;
  readonly VITE_APP_API_BASE_URL: string;
  readonly VITE_APP_API_KEY: string;
  readonly VITE_APP_SIGN_SECRET: string;
  readonly VITE_APP_PROJECT_CODE: string;
  readonly VITE_APP_EDU_TITLE: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The year the app was built in (vite.config.ts buildDefines), e.g. "2026". */
declare const __BUILD_YEAR__: string;
