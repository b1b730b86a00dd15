/**
 * Constants the build writes into the app's code (declared in src/vite-env.d.ts), for vite.config.ts and
 * vitest.config.ts alike: the footer's copyright runs to the year the app was built in, so that a build
 * of a new year does not go on showing the year its text was typed.
 */
export function buildDefines(builtAt: Date = new Date()): Record<string, string> {
  return { __BUILD_YEAR__: JSON.stringify(buildYear(builtAt)) };
}

/** The year as the footer shows it; login.html's painted footer (vite-plugins/loginFrame.ts) takes it too. */
export const buildYear = (builtAt: Date = new Date()): string => String(builtAt.getFullYear());
