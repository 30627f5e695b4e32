/** The reply rule of the shared contract, in its own chunk (ReviewItem imports it when a reply is sent). */
export { replyInputSchema } from '@nebab/shared';
