/**
 * `npm run email:preview [-- <folder>]`: renders every message template with the demo props
 * (messages/templates/demo-props.ts) into <folder> (default ./email-preview/) as
 * <name>.html and <name>.txt, with an index.html linking them, to look at in a browser.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type ShopInfo, SUBJECTS } from '../messages/index.ts';
import { DEMO_MESSAGES, DEMO_SHOP } from '../messages/index.ts';
import { renderTemplate } from '../messages/index.ts';

const folder = resolve(process.argv[2] ?? 'email-preview');
await mkdir(folder, { recursive: true });

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const rows: string[] = [];
for (const message of DEMO_MESSAGES) {
  const { html, text } = await renderTemplate(message.template, message.props, DEMO_SHOP);
  await writeFile(resolve(folder, `${message.name}.html`), html);
  await writeFile(resolve(folder, `${message.name}.txt`), `${text}\n`);
  // The subject as the outbox would store it (from stored props: a reset's hold a sealed token
  // instead of the link, which no subject reads).
  const subjectOf = SUBJECTS[message.template] as (props: unknown, shop: Pick<ShopInfo, 'name'>) => string;
  const subject = subjectOf(message.props, DEMO_SHOP);
  const name = escapeHtml(message.name);
  rows.push(
    `<tr><td><a href="${name}.html">${name}</a></td><td>${escapeHtml(subject)}</td><td><a href="${name}.txt">text</a></td></tr>`,
  );
}

const index = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(DEMO_SHOP.name)} e-mail preview</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1c1917}td{padding:.25rem 1rem .25rem 0}a{color:#a4461a}</style></head>
<body>
<h1>${escapeHtml(DEMO_SHOP.name)} e-mail preview</h1>
<p>Every message template, rendered with the demo props in apps/api/src/messages/templates/demo-props.ts.</p>
<table><thead><tr><th align="left">Template</th><th align="left">Subject</th><th align="left">Plain text</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</body>
</html>
`;
await writeFile(resolve(folder, 'index.html'), index);
console.log(`Rendered ${DEMO_MESSAGES.length} messages into ${folder}/ (open ${resolve(folder, 'index.html')}).`);
