/**
 * What other areas may use of 项目与活动: the projects and activities a caller may pick (the same list the
 * pages' selects show), so an area that takes an activity id checks it against what the caller could choose.
 */
export { activityOptionsOf, projectOptionsOf } from './scopeOptions.repository';
