import fp from 'fastify-plugin';
import { rooms } from '@nebab/shared';
import { presentFeedEntry } from './feed.presenter.js';

/**
 * The live feed: each new entry goes as `feed:new` to the user rooms of the followers who may see it
 * (one emit to all their rooms, on every node), and withdrawn entries as `feed:removed`.
 */
export const feedPushPlugin = fp(
  async (app) => {
    const stopPush = app.services.feed.onPush(({ view, recipientIds }) => {
      app.realtime.io
        .to(recipientIds.map((id) => rooms.user(id)))
        .emit('feed:new', { entry: presentFeedEntry(view) });
    });
    const stopRemoved = app.services.feed.onRemoved(({ ids, recipientIds }) => {
      app.realtime.io.to(recipientIds.map((id) => rooms.user(id))).emit('feed:removed', { ids });
    });
    app.addHook('onClose', async () => {
      stopPush();
      stopRemoved();
    });
  },
  { name: 'feed-push', dependencies: ['services', 'realtime'] },
);
