/**
 * Verbatim from the spec: warning when a table action runs with no row selected. A module of its own so
 * that the generic list page (on the browser's first screen) does not bring all of validators.ts.
 */
export const MSG_NO_SELECTION = '您还未选择数据';
