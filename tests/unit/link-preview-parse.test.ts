import { describe, expect, it } from 'vitest';
import { parsePreviewHtml, sniffRasterImage } from '../../shared/rules/link-preview.ts';
import { previewHints } from '../../extension/lib/quick-save.ts';
import { targetFromMenuClick, targetFromTab, MENU_IDS } from '../../extension/lib/menus.ts';

/** Link previews: head variants written for the test (what real sites do), parsed with htmlparser2. */
const PAGE = 'https://www.example.com/blog/post?id=1';

describe('parsePreviewHtml', () => {
  it('Open Graph beats <title> and meta description; relative URLs become absolute', () => {
    const p = parsePreviewHtml(
      `<html><head><title>Plain</title><meta name="description" content="meta desc">
       <meta property="og:title" content="OG &quot;Title&quot;"><meta property="og:description" content="og desc">
       <meta property="og:site_name" content="Example"><meta property="og:image" content="/img/card.jpg">
       <link rel="icon" href="favicon-32.png" sizes="32x32"></head></html>`,
      PAGE,
    );
    expect(p).toEqual({
      title: 'OG "Title"',
      description: 'og desc',
      site_name: 'Example',
      icon_urls: ['https://www.example.com/blog/favicon-32.png', 'https://www.example.com/favicon.ico'],
      image_url: 'https://www.example.com/img/card.jpg',
    });
  });

  it('Twitter cards and name= metas, upper case, unquoted attributes', () => {
    const p = parsePreviewHtml(
      '<HEAD><META NAME=twitter:title CONTENT="Card"><meta name="twitter:description" content=Short><META name=twitter:image:src content=//cdn.example.net/a.png></HEAD>',
      PAGE,
    );
    expect(p).toMatchObject({ title: 'Card', description: 'Short', image_url: 'https://cdn.example.net/a.png' });
  });

  it('a plain <title> with entities and whitespace; an inline SVG title is not the page title', () => {
    const p = parsePreviewHtml('<svg><title>icon</title></svg><title>\n  Caf&eacute;   &amp; Bar\n</title>', PAGE);
    expect(p.title).toBe('Café & Bar');
    expect(p.description).toBeNull();
    expect(p.image_url).toBeNull();
    expect(p.icon_urls).toEqual(['https://www.example.com/favicon.ico']);
  });

  it('icons: apple-touch-icon first, then the largest icon; SVG icons and non-http URLs are dropped; <base> applies', () => {
    const p = parsePreviewHtml(
      `<base href="https://static.example.com/assets/">
       <link rel="shortcut icon" href="small.ico"><link rel="icon" sizes="192x192" href="big.png">
       <link rel="icon" type="image/svg+xml" href="logo.svg"><link rel="icon" href="mask.svg">
       <link rel="apple-touch-icon" href="touch.png"><link rel="icon" href="javascript:alert(1)">`,
      PAGE,
    );
    expect(p.icon_urls).toEqual([
      'https://static.example.com/assets/touch.png',
      'https://static.example.com/assets/big.png',
      'https://static.example.com/assets/small.ico',
      'https://www.example.com/favicon.ico',
    ]);
  });

  it('unclosed tags, a missing head, empty values and a data: image', () => {
    const p = parsePreviewHtml(
      '<p><b>x<title>Unclosed</title><meta property="og:title" content="  "><meta property="og:image" content="data:image/png;base64,xx"><div>',
      PAGE,
    );
    expect(p.title).toBe('Unclosed');
    expect(p.image_url).toBeNull();
  });

  it('caps the title and description length', () => {
    const p = parsePreviewHtml(`<title>${'t'.repeat(900)}</title><meta name="description" content="${'d'.repeat(3000)}">`, PAGE);
    expect(p.title!.length).toBe(500);
    expect(p.description!.length).toBe(1000);
  });
});

describe('sniffRasterImage', () => {
  const bytes = (...b: number[]) => Uint8Array.from([...b, ...new Array<number>(16).fill(0)]);
  it('knows raster types by their bytes and refuses SVG/HTML whatever they are called', () => {
    expect(sniffRasterImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffRasterImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffRasterImage(new TextEncoder().encode('GIF89a..........'))).toBe('gif');
    expect(sniffRasterImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffRasterImage(bytes(0, 0, 1, 0, 1, 0))).toBe('ico');
    expect(sniffRasterImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffRasterImage(new TextEncoder().encode('<!doctype html><html></html>'))).toBeNull();
    expect(sniffRasterImage(bytes())).toBeNull();
  });
});

describe('extension hints', () => {
  it("the tab's title and favicon go with the save of that tab, no more", () => {
    const tab = { url: 'https://example.org/a', title: 'Tab title', favIconUrl: 'https://example.org/favicon.png' };
    const target = targetFromTab(tab, 'popup')!;
    expect(target.faviconUrl).toBe('https://example.org/favicon.png');
    expect(previewHints(target, 'https://example.org/a')).toEqual({ title: 'Tab title', favicon_url: 'https://example.org/favicon.png' });
    // the user edited the URL in the popup: another page, no hints
    expect(previewHints(target, 'https://example.org/b')).toBeUndefined();
    // data: and chrome:// favicons are not sent
    expect(previewHints({ ...target, faviconUrl: 'data:image/png;base64,AAAA' }, 'https://example.org/a')).toEqual({
      title: 'Tab title',
      favicon_url: null,
    });
    // the page menu on the same tab carries the favicon; a link menu does not
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.page, pageUrl: tab.url }, tab)?.faviconUrl).toBe(tab.favIconUrl);
    expect(targetFromMenuClick({ menuItemId: MENU_IDS.link, linkUrl: 'https://other.example/' }, tab)?.faviconUrl).toBeUndefined();
  });
});
