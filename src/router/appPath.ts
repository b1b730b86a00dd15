/** The app's own path of a browser path: `/zbzj/seat/seat/index` under basename `/zbzj` is `/seat/seat/index`. */
export function appPath(pathname: string, basename: string): string {
  if (basename === '/' || basename === '') return pathname;
  if (pathname === basename) return '/';
  return pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
}
