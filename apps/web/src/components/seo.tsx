/**
 * A page's description of itself. React puts <title>, <meta> and <link> rendered anywhere
 * into <head> (and the server renderer writes them in the page's first HTML); JSON-LD is a
 * data script, left where it is rendered. Page modules render these, never the frame, so
 * none of it is in the storefront's entry bundle.
 */
import { type HeadTag, headTags, type PageInfo, serializeJsonLd } from '@/lib/seo.ts';

const key = (tag: HeadTag) => (tag.tag === 'link' ? `link:${tag.rel}` : 'name' in tag ? `name:${tag.name}` : tag.property);

/** The page's <title> (when given), description, robots, canonical link, Open Graph and Twitter tags. */
export function PageHead(page: PageInfo) {
  return (
    <>
      {page.title !== undefined && <title>{page.title}</title>}
      {headTags(page).map((tag) =>
        tag.tag === 'link' ? (
          <link key={key(tag)} rel={tag.rel} href={tag.href} />
        ) : 'name' in tag ? (
          <meta key={key(tag)} name={tag.name} content={tag.content} />
        ) : (
          <meta key={key(tag)} property={tag.property} content={tag.content} />
        ),
      )}
    </>
  );
}

/** Structured data for search engines, as JSON no text in it can break out of. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the script's raw text; serializeJsonLd escapes "<", ">" and "&"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
