/**
 * A message as it is sent: its props made ready (a sealed token opened into its link),
 * rendered by its React Email template into HTML and plain text. The templates (and React)
 * load on the first message, so a process that sends nothing never loads them.
 */
import type { MessageTemplate } from '@shop/shared';
import {
  MARKETING_TEMPLATES,
  type MessageProps,
  SEALED_LINKS,
  type SealedLinkTemplate,
  type ShopInfo,
  type StoredProps,
} from './catalog.ts';
import { unseal } from './seal.ts';

export interface Rendered {
  html: string;
  text: string;
}

const hasSealedLink = (template: MessageTemplate): template is SealedLinkTemplate => template in SEALED_LINKS;

/**
 * The template's props from what was stored. `reveal`: open a sealed reset or invitation token
 * into a working link (the worker, sending it); without it the link is shown hidden (the back
 * office's preview).
 */
export function prepareProps<T extends MessageTemplate>(
  template: T,
  stored: StoredProps[T],
  { secret, shop, reveal }: { secret: string; shop: ShopInfo; reveal: boolean },
): MessageProps[T] {
  if (!hasSealedLink(template)) return stored as unknown as MessageProps[T];
  const { sealedToken, ...rest } = stored as StoredProps[SealedLinkTemplate];
  const token = reveal ? unseal(secret, sealedToken) : undefined;
  const page = `${shop.url}${SEALED_LINKS[template]}`;
  const link = token ? `${page}?token=${encodeURIComponent(token)}` : `${page}?token=(hidden)`;
  return { ...rest, link } as MessageProps[T];
}

/**
 * The shop as a marketing message is rendered with: its footer links the storefront's
 * /unsubscribe page with the recipient's token (`undefined`: shown hidden, the back office's
 * preview). Any other message is rendered with the shop as it is.
 */
export function shopFor(template: MessageTemplate, shop: ShopInfo, unsubscribeToken?: string): ShopInfo {
  if (!MARKETING_TEMPLATES[template]) return shop;
  const token = unsubscribeToken ? encodeURIComponent(unsubscribeToken) : '(hidden)';
  return { ...shop, unsubscribeUrl: `${shop.url}/unsubscribe?token=${token}` };
}

export async function renderMessage<T extends MessageTemplate>(
  template: T,
  props: MessageProps[T],
  shop: ShopInfo,
): Promise<Rendered> {
  const { renderTemplate } = await import('./templates/index.tsx');
  return renderTemplate(template, props, shop);
}
