/**
 * Every message's frame and the few pieces they are built from. The frame: the shop's name as
 * the logo on a cream band, one column at most 600 px wide, 16 px text, and a footer with the
 * shop's address and phone. Tables only lay out label/value pairs and order lines; they carry
 * `data-text` so the plain-text version (index.tsx) prints them as aligned columns.
 */
import type { MessageTemplate } from '@shop/shared';
import { whatsappLink } from '@shop/shared';
// Each part from its own package, not the @react-email/components barrel: that one also loads the
// code block's Prism with every language, Markdown and Tailwind, which no message uses, and cost
// every process that imports the app (a server, each command) about 0.45 s of CPU at its start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MessageProps, ShopInfo } from '../catalog.ts';
import { COLORS, FONT, LOGO_FONT, MAX_WIDTH, small, text } from './theme.ts';

/** What each template's component is given: its message's props and the shop. */
export type TemplateProps<T extends MessageTemplate> = MessageProps[T] & { shop: ShopInfo };

const link = { color: COLORS.accent, textDecoration: 'underline' } as const;

export function EmailLayout({
  shop,
  preview,
  footerNote,
  toShop = false,
  children,
}: {
  shop: ShopInfo;
  /** The line a mail app shows after the subject in the inbox. */
  preview: string;
  /** A line above the address (the receipt's VAT note). */
  footerNote?: string;
  /** A message to the shop itself: the footer says why it came rather than how to reach the shop. */
  toShop?: boolean;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: 0, backgroundColor: COLORS.white, color: COLORS.ink, fontFamily: FONT }}>
        <Container style={{ width: '100%', maxWidth: `${MAX_WIDTH}px`, margin: '0 auto' }}>
          <Section style={{ backgroundColor: COLORS.cream, borderBottom: `3px solid ${COLORS.accent}`, padding: '20px 24px' }}>
            <Link
              href={shop.url}
              data-text="no-href"
              style={{
                color: COLORS.ink,
                fontFamily: LOGO_FONT,
                fontSize: '26px',
                fontWeight: 700,
                letterSpacing: '1px',
                lineHeight: '32px',
                textDecoration: 'none',
              }}
            >
              {shop.name}
            </Link>
          </Section>
          <Section style={{ padding: '28px 24px 8px' }}>{children}</Section>
          <Section style={{ padding: '0 24px 32px' }}>
            <Hr style={{ border: 'none', borderTop: `1px solid ${COLORS.line}`, margin: '8px 0 16px' }} />
            {footerNote ? <Text style={small}>{footerNote}</Text> : null}
            <Text style={small}>
              <strong>{shop.name}</strong>
              {shop.address ? ` · ${shop.address}` : ''}
            </Text>
            <Text style={small}>
              {toShop ? (
                "Sent to the shop's notification address in the back office's settings (or to every admin when it is empty)."
              ) : (
                <Contact shop={shop} />
              )}
            </Text>
            {shop.unsubscribeUrl ? (
              <Text style={small}>
                You are getting this e-mail because you asked us to write to you about your cart or items you are waiting for.{' '}
                <Link href={shop.unsubscribeUrl} style={link}>
                  Unsubscribe
                </Link>{' '}
                from these e-mails at any time; order e-mails still come.
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** "Questions? Call or WhatsApp us on …": the WhatsApp link only in HTML, the number in both. */
function Contact({ shop }: { shop: ShopInfo }) {
  const whatsapp = shop.whatsappNumber ? whatsappLink(shop.whatsappNumber, '') : null;
  if (!whatsapp) return `Questions? Call us on ${shop.phone}.`;
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const same = digits(shop.whatsappNumber) === digits(shop.phone);
  return (
    <>
      {same ? 'Questions? Call or ' : `Questions? Call us on ${shop.phone} or `}
      <Link href={whatsapp} data-text="no-href" style={link}>
        WhatsApp
      </Link>
      {same ? ` us on ${shop.phone}.` : ` us on ${shop.whatsappNumber}.`}
    </>
  );
}

/** The message's one heading. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      style={{
        fontFamily: LOGO_FONT,
        fontSize: '24px',
        lineHeight: '32px',
        fontWeight: 700,
        color: COLORS.ink,
        margin: '0 0 16px',
      }}
    >
      {children}
    </Heading>
  );
}

/** A section heading inside a message ("Your order", "Pay by bank transfer"). */
export function Subtitle({
  children,
  first = false,
}: {
  children: ReactNode /** First in a panel: no space above. */;
  first?: boolean;
}) {
  return (
    <Heading
      as="h2"
      style={{
        fontSize: '18px',
        lineHeight: '26px',
        fontWeight: 700,
        color: COLORS.ink,
        margin: first ? '0 0 8px' : '24px 0 8px',
      }}
    >
      {children}
    </Heading>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/** Smaller, quieter text: what to do if something is wrong, a link to copy. */
export function Note({ children }: { children: ReactNode }) {
  return <Text style={small}>{children}</Text>;
}

/** A link in running text, in the accent colour. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={link}>
      {children}
    </Link>
  );
}

/** The message's main action: a link that looks like a button (mail apps run no scripts). */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: COLORS.accent,
          borderRadius: '6px',
          color: COLORS.white,
          fontSize: '16px',
          fontWeight: 600,
          lineHeight: '24px',
          padding: '12px 24px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A cream box that sets something apart: where to pay, a tracking note. */
export function Panel({ children }: { children: ReactNode }) {
  return (
    <Section
      style={{
        backgroundColor: COLORS.cream,
        border: `1px solid ${COLORS.line}`,
        borderRadius: '6px',
        padding: '16px',
        margin: '0 0 16px',
      }}
    >
      {children}
    </Section>
  );
}

/** Label/value pairs, the value on the right: bank details, an invoice's number and date. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <table data-text="table" role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td
              style={{
                ...text,
                margin: 0,
                padding: '4px 12px 4px 0',
                color: COLORS.muted,
                verticalAlign: 'top',
                whiteSpace: 'nowrap',
              }}
            >
              {label}
            </td>
            <td align="right" style={{ ...text, margin: 0, padding: '4px 0', fontWeight: 600, verticalAlign: 'top' }}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface Item {
  key: string;
  title: string;
  /** Lines under the title, quieter: size and colour, quantity, SKU. Empty ones are left out. */
  details: string[];
  /** On the right: the line's total, the units left. */
  value: string;
}

/** Things listed one under another with a figure on the right: order lines, low-stock variants. */
export function Items({ items }: { items: Item[] }) {
  return (
    <table data-text="lines" role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        {items.map((item) => (
          <tr key={item.key}>
            <td style={{ borderBottom: `1px solid ${COLORS.line}`, padding: '12px 12px 12px 0', verticalAlign: 'top' }}>
              <div style={{ ...text, margin: 0, fontWeight: 600 }}>{item.title}</div>
              {item.details.filter(Boolean).map((detail) => (
                <div key={detail} style={{ ...small, margin: 0 }}>
                  {detail}
                </div>
              ))}
            </td>
            <td
              align="right"
              style={{
                ...text,
                margin: 0,
                borderBottom: `1px solid ${COLORS.line}`,
                padding: '12px 0',
                verticalAlign: 'top',
                whiteSpace: 'nowrap',
              }}
            >
              {item.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
