import { rooms, type RoomName } from '@nebab/shared';

/**
 * Room names, one helper per kind, shared with the client. A socket joins `user:{id}` on connect;
 * `club:{id}` only after the membership check (club chat, issue 5).
 */
export { rooms };
export type { RoomName };
