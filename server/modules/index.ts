import type { FastifyPluginAsync } from 'fastify';
import './resourceHooks';
import currentUserRoutes from './session/currentUser.routes';
import noticeRoutes from './notices/notices.routes';
import profileRoutes from './account/profile.routes';
import resourceRoutes from '../services/resources/routes';
import sessionRoutes from './session/session.routes';
import worksRoutes from './works/works.routes';
import workspaceRoutes from './workspace/workspace.routes';
import accountRoutes from './account/account.routes';
import passwordResetRoutes from './account/passwordReset.routes';
import shareLinkRoutes from './share/shareLinks.routes';
import sharedDocumentRoutes from './share/sharedDocuments.routes';
import eduPublicRoutes from './edu/eduPublic.routes';
import financeSummaryRoutes from './finance/summary.routes';
import scopeOptionRoutes from './projects/scopeOptions.routes';
import gateScanRoutes from './meeting/gateScan.routes';
import seatMapRoutes from './meeting/seatMap.routes';
import personImportRoutes from './meeting/personImport.routes';
import personBulkRoutes from './meeting/personBulk.routes';
import personMessagesRoutes from './meeting/personMessages.routes';
import overviewRoutes from './meeting/overview.routes';
import preRegistrationRoutes from './meeting/preRegistration.routes';
import attendeePageRoutes from './meeting/attendeePage.routes';
import apiKeyRoutes from './system/apiKeys.routes';
import auditRoutes from './system/audit.routes';
import menuRoutes from './system/menus.routes';
import roleRoutes from './system/roles.routes';
import smsRoutes from './system/sms.routes';
import messageRoutes from './system/messages.routes';
import templateRoutes from './messaging/templates.routes';
import unsubscribeRoutes from './messaging/unsubscribe.routes';
import userRoutes from './system/users.routes';
import { liveTicketRoutes } from './live/live.routes';

/**
 * Every route module under /admin, in one flat list: a module registers its own routes and no other
 * module, so this list is the whole API. Each gets its own encapsulation context from admin.ts, after the
 * token, signature and authority hooks.
 */
// FastifyPluginAsyncTypebox and FastifyPluginAsync differ only in their type provider.
export const ROUTE_MODULES: readonly FastifyPluginAsync[] = [
  currentUserRoutes,
  noticeRoutes,
  profileRoutes,
  resourceRoutes,
  sessionRoutes,
  worksRoutes,
  workspaceRoutes,
  accountRoutes,
  passwordResetRoutes,
  shareLinkRoutes,
  sharedDocumentRoutes,
  eduPublicRoutes,
  financeSummaryRoutes,
  scopeOptionRoutes,
  gateScanRoutes,
  seatMapRoutes,
  personImportRoutes,
  personBulkRoutes,
  personMessagesRoutes,
  overviewRoutes,
  liveTicketRoutes,
  preRegistrationRoutes,
  attendeePageRoutes,
  apiKeyRoutes,
  auditRoutes,
  templateRoutes,
  unsubscribeRoutes,
  menuRoutes,
  roleRoutes,
  smsRoutes,
  messageRoutes,
  userRoutes,
];
