/**
 * Messages (app.messages): the notifier that queues a message for each event (orders, accounts)
 * and this process's worker that sends them, through SMTP_URL or, without it, as .eml files
 * under DATA_DIR/outbox/ (said once at start). The worker starts when the app is ready and
 * stops, after its current batch, when it closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotifier, type Notifier } from '../messages/index.ts';
import { fileTransport, smtpTransport } from '../messages/index.ts';
import { createMessageWorker, type MessageWorker } from '../messages/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messages: { notifier: Notifier; worker: MessageWorker };
  }
}

export default fp(
  async function messages(app: FastifyInstance) {
    const { config } = app;
    const notifier = createNotifier({ publicUrl: config.publicUrl, secret: config.jwtSecret });
    const transport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : fileTransport(config.mail.outboxDir);
    const worker = createMessageWorker({
      db: app.db,
      transport,
      from: config.mail.from,
      publicUrl: config.publicUrl,
      secret: config.jwtSecret,
      log: app.log,
      intervalMs: config.messagesIntervalMs,
    });
    app.decorate('messages', { notifier, worker });
    app.addHook('onReady', async () => {
      if (!config.mail.smtpUrl) {
        app.log.info(`No SMTP_URL: e-mails are written as .eml files in ${config.mail.outboxDir}`);
      }
      worker.start();
    });
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'messages', dependencies: ['context'] },
);
