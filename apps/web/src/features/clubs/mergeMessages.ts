/** The fields the chat needs to order and de-duplicate messages. */
export interface OrderedMessage {
  id: string;
  created_at: string;
}

function compare(a: OrderedMessage, b: OrderedMessage): number {
  const byTime = Date.parse(a.created_at) - Date.parse(b.created_at);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Merges messages from any source (a page fetched with `before`/`after`, a live socket event, the
 * acknowledgement of one's own message) into one list: each id once (the newest copy wins), oldest
 * first, newest last. Returns `current` itself when nothing changed, so React can skip a render.
 */
export function mergeMessages<T extends OrderedMessage>(current: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return current as T[];
  const byId = new Map<string, T>();
  for (const message of current) byId.set(message.id, message);
  let changed = false;
  for (const message of incoming) {
    if (byId.get(message.id) !== message) changed = true;
    byId.set(message.id, message);
  }
  if (!changed) return current as T[];
  return [...byId.values()].sort(compare);
}

/** The id of the newest message held, to ask the server for what came `after` it (gap fill on reconnect). */
export function newestId(messages: readonly OrderedMessage[]): string | null {
  return messages.length > 0 ? messages[messages.length - 1]!.id : null;
}

/** The id of the oldest message held, to page back with `before` (Load earlier). */
export function oldestId(messages: readonly OrderedMessage[]): string | null {
  return messages.length > 0 ? messages[0]!.id : null;
}
