/** Where every API route lives (server/app.ts registers them under it); links in messages name it too. */
export const ADMIN_PREFIX = '/admin';
