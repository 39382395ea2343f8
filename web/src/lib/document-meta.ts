import { useEffect } from 'react';
import { BRAND_NAME, LANDING_PAGE_TITLE } from '~shared/constants.ts';
import { SITE_URL } from './site.ts';

export const DEFAULT_DESCRIPTION = `${BRAND_NAME} saves your favourite links into folders and categories, tracks clicks and shares, and lets you share them by e-mail, phone or social platforms.`;

export interface DocumentMeta {
  /** Full title; pages other than the landing page use '{page} · {brand}'. */
  title?: string;
  description?: string;
  /** Path of the canonical URL ('/' on the landing page); omitted for pages that should not name one. */
  canonicalPath?: string;
  /** Adds <meta name="robots" content="noindex"> (private previews, 404). */
  noindex?: boolean;
}

function upsertHead(selector: string, create: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(create());
}

/** Sets the title, description, canonical link and robots tag for the current page. */
export function useDocumentMeta({
  title = LANDING_PAGE_TITLE,
  description = DEFAULT_DESCRIPTION,
  canonicalPath,
  noindex = false,
}: DocumentMeta) {
  useEffect(() => {
    document.title = title;
    const descriptionTag = upsertHead('meta[name="description"]', () =>
      Object.assign(document.createElement('meta'), { name: 'description' }),
    );
    descriptionTag.setAttribute('content', description);

    const existingCanonical = document.head.querySelector('link[rel="canonical"]');
    if (canonicalPath === undefined) existingCanonical?.remove();
    else {
      const canonical = upsertHead('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
      canonical.setAttribute('href', `${SITE_URL}${canonicalPath}`);
    }

    const robots = document.head.querySelector('meta[name="robots"]');
    if (noindex)
      upsertHead('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' })).setAttribute(
        'content',
        'noindex',
      );
    else robots?.remove();
  }, [title, description, canonicalPath, noindex]);
}

export function pageTitle(page: string): string {
  return `${page} · ${BRAND_NAME}`;
}
