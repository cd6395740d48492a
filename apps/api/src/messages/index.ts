/**
 * The e-mail outbox: its routes, the notifier that turns events into queued messages, the
 * worker that sends them, the transports, and the templates (npm run email:preview).
 */
export { MARKETING_TEMPLATES, SUBJECTS, type ShopInfo } from './catalog.ts';
export { createNotifier, type Notifier } from './notifier.ts';
export { CLAIM_MS } from './outbox.ts';
export { default as messageRoutes } from './routes.ts';
export { DEMO_MESSAGES, DEMO_SHOP } from './templates/demo-props.ts';
export { renderTemplate } from './templates/index.tsx';
export { seal, unseal } from './seal.ts';
export { fileTransport, smtpTransport } from './transport.ts';
export { createMessageWorker, type MessageWorker } from './worker.ts';
