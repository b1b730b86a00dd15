/**
 * What other areas may use of 消息 (server/modules/<area>/public.ts is an area's only door: eslint.config.js).
 * Every area that tells people something composes it from the organiser's templates here.
 */
export { messagesFor, templateFor } from './compose.service';
