import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isLiteDocument, LiteProvider, liteSwitchHref, useLite } from './lite-mode.tsx';

function Shows() {
  return <p>{useLite() ? 'lite' : 'normal'}</p>;
}

describe('lite mode context', () => {
  it('is off by default and on inside a lite provider, per tree', () => {
    expect(renderToString(<Shows />)).toContain('normal');
    expect(renderToString(<LiteProvider lite>{<Shows />}</LiteProvider>)).toContain('lite');
    expect(renderToString(<LiteProvider lite={false}>{<Shows />}</LiteProvider>)).toContain('normal');
  });

  it("reads the server's mark on the page", () => {
    const doc = document.implementation.createHTMLDocument('');
    expect(isLiteDocument(doc)).toBe(false);
    doc.documentElement.setAttribute('data-lite', '');
    expect(isLiteDocument(doc)).toBe(true);
  });

  it('switches to the other mode and back to the page', () => {
    expect(liteSwitchHref(false, '/sales?page=2')).toBe('/lite?on=1&back=%2Fsales%3Fpage%3D2');
    expect(liteSwitchHref(true, '/')).toBe('/lite?on=0&back=%2F');
  });
});
