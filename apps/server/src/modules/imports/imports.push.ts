import fp from 'fastify-plugin';
import { rooms } from '@nebab/shared';
import { socketLanguage } from '../../realtime/socket-acks.js';
import type { RealtimeSocket } from '../../realtime/socket-server.js';
import { presentImport } from './imports.presenter.js';

/**
 * Live import progress: after every batch (and when an import ends) each of the reader's sockets, on
 * every node, gets `import:progress` with the import as `GET /api/imports/:id` shows it, in the
 * socket's language.
 */
export const importsPushPlugin = fp(
  async (app) => {
    const stop = app.services.imports.onProgress(({ userId, view }) => {
      void app.realtime.io
        .in(rooms.user(userId))
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets)
            socket.emit(
              'import:progress',
              presentImport(view, socketLanguage(socket as unknown as RealtimeSocket)),
            );
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'imports: progress push failed'));
    });
    app.addHook('onClose', async () => stop());
  },
  { name: 'imports-push', dependencies: ['services', 'realtime'] },
);
