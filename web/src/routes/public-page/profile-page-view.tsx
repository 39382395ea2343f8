import { lazy, Suspense } from 'react';
import { BRAND_NAME, STORAGE_BUCKETS, type MainPhotoSize } from '~shared/constants.ts';
import { publicObjectUrl, type PublicPage } from '~shared/data/studio/public-page.ts';
import {
  accentOf,
  bannerMessageOf,
  bioSocialTitleOf,
  initialsOf,
  linksTitleOf,
  messageBoxesOf,
  messageImagesOf,
  pageDisplayName,
  profileTitleOf,
  socialLinksOf,
} from '~shared/rules/profile-page.ts';
import { safeHref } from '~shared/rules/url.ts';
import { REST_ENDPOINT } from '../../lib/rest-endpoint.ts';
import { pageThemeStyle } from './page-theme.ts';
import { SocialIcon } from './social-icon.tsx';

const SUPABASE_URL = REST_ENDPOINT.url;

/** Main photo size classes (part 2 §3): the box is sized before the image arrives (no layout shift). */
const PHOTO_SIZES: Record<Exclude<MainPhotoSize, 'none'>, { className: string; px: number }> = {
  'x-large': { className: 'w-full max-w-[28rem]', px: 448 },
  large: { className: 'w-full max-w-[20rem]', px: 320 },
  medium: { className: 'w-full max-w-[14rem]', px: 224 },
  small: { className: 'w-full max-w-[8rem]', px: 128 },
};

const FeaturedLinks = lazy(() => import('./featured-links.tsx').then((m) => ({ default: m.FeaturedLinks })));
/** A featured button's height plus the gap: the section keeps its size while its chunk loads (no layout shift). */
const FEATURED_ROW_PX = 66;

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } as const;

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section
      className="rounded-2xl border border-[var(--pp-border)] bg-[var(--pp-card)] p-5 shadow-sm sm:p-6"
      data-testid={testId}
      aria-label={title}
    >
      <h2 className="mb-4 text-lg font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

/** A public profile page (part 2 §2 '/{slug}'), phone first. Every link is http(s) only. */
export function ProfilePageView({
  page,
  featured,
  onOpen,
  preview = false,
}: {
  page: PublicPage;
  /** get_public_page_links' rows, read by the featured section's chunk. */
  featured: readonly unknown[];
  /** A visitor opened a featured item (counted for the owner; never from the preview). */
  onOpen: (itemId: string) => void;
  preview?: boolean;
}) {
  const accent = accentOf(page);
  const name = pageDisplayName(page);
  const banner = safeHref(page.banner_background_url);
  const photoSize =
    page.main_photo_size !== 'none' && page.main_photo_path ? (PHOTO_SIZES[page.main_photo_size ?? 'medium'] ?? PHOTO_SIZES.medium) : null;
  const social = socialLinksOf(page);
  const photoUrl = page.main_photo_path ? publicObjectUrl(SUPABASE_URL, STORAGE_BUCKETS.mainPhotos, page.main_photo_path) : null;
  const boxes = messageBoxesOf(page);
  const images = messageImagesOf(page);
  const company = page.company_name?.trim();

  return (
    <div
      className="min-h-screen bg-[var(--pp-bg)] text-[var(--pp-fg)]"
      style={pageThemeStyle(page.theme_mode, accent)}
      data-testid="public-page"
      data-theme-mode={page.theme_mode ?? 'light'}
    >
      {preview ? (
        <p
          className="bg-[var(--pp-accent)] px-4 py-2 text-center text-sm font-medium text-[var(--pp-on-accent)]"
          data-testid="preview-notice"
        >
          Private preview: only you{page.is_owner ? '' : ' (admin)'} can see this view.
        </p>
      ) : null}
      <header className="relative isolate overflow-hidden bg-[var(--pp-banner)]" data-testid="page-banner">
        {banner ? (
          <img
            src={banner}
            alt=""
            className="absolute inset-0 -z-10 h-full w-full object-cover"
            width={1200}
            height={320}
            fetchPriority="high"
            data-testid="banner-image"
          />
        ) : (
          <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-[var(--pp-accent)] to-transparent opacity-40" />
        )}
        {banner ? <div aria-hidden="true" className="absolute inset-0 -z-10 bg-black/45" /> : null}
        <div
          className={`mx-auto flex max-w-3xl flex-col items-center gap-3 px-4 pt-10 pb-8 text-center sm:pt-14 ${banner ? 'text-white' : ''}`}
        >
          {photoUrl ? (
            <img
              src={photoUrl}
              alt=""
              width={80}
              height={80}
              className="h-20 w-20 rounded-full border-4 border-[var(--pp-card)] bg-[var(--pp-card)] object-cover shadow-md"
              data-testid="avatar-photo"
            />
          ) : (
            <div
              className="flex h-20 w-20 items-center justify-center rounded-full border-4 border-[var(--pp-card)] bg-[var(--pp-accent)] text-2xl font-bold text-[var(--pp-on-accent)] shadow-md"
              aria-hidden="true"
              data-testid="initials"
            >
              {initialsOf(name)}
            </div>
          )}
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
          {company ? <p className="text-sm opacity-85">{company}</p> : null}
          <p className="max-w-xl text-base break-words opacity-95" data-testid="banner-message">
            {bannerMessageOf(page)}
          </p>
        </div>
      </header>

      <main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
        {photoSize || company ? (
          <Section title={profileTitleOf(page)} testId="profile-section">
            <div className="flex flex-col items-center gap-3 text-center">
              {photoSize ? (
                <img
                  src={photoUrl!}
                  alt={name}
                  width={photoSize.px}
                  height={photoSize.px}
                  className={`aspect-square rounded-2xl object-cover ${photoSize.className}`}
                  fetchPriority="high"
                  data-testid="main-photo"
                  data-size={page.main_photo_size}
                />
              ) : null}
              <p className="font-medium">{name}</p>
              {company ? <p className="text-sm text-[var(--pp-muted)]">{company}</p> : null}
            </div>
          </Section>
        ) : null}

        {page.bio?.trim() || social.length ? (
          <Section title={bioSocialTitleOf(page)} testId="bio-social-section">
            {page.bio?.trim() ? <p className="leading-relaxed whitespace-pre-line break-words">{page.bio.trim()}</p> : null}
            {social.length ? (
              <ul className={`flex flex-wrap gap-2 ${page.bio?.trim() ? 'mt-4' : ''}`}>
                {social.map((link) => (
                  <li key={link.kind}>
                    <a
                      href={link.href}
                      {...EXTERNAL}
                      className="inline-flex items-center gap-2 rounded-full border border-[var(--pp-border)] px-3 py-1.5 text-sm hover:border-[var(--pp-accent)] focus-visible:outline-2 focus-visible:outline-[var(--pp-accent)]"
                      data-testid={`social-${link.kind}`}
                    >
                      <span className="text-[var(--pp-muted)]">
                        <SocialIcon kind={link.kind} size={16} />
                      </span>
                      <span className="sr-only">{link.label}</span>
                      <span className="font-medium">{link.text}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </Section>
        ) : null}

        {boxes.length ? (
          <div className="grid gap-4 sm:grid-cols-2" data-testid="message-boxes">
            {boxes.map((box) => (
              <article
                key={box.index}
                className="rounded-2xl border border-[var(--pp-border)] border-t-4 border-t-[var(--pp-accent)] bg-[var(--pp-card)] p-5 shadow-sm"
              >
                <h2 className="font-semibold break-words">{box.title}</h2>
                <p className="mt-2 text-[var(--pp-muted)] whitespace-pre-line break-words">{box.text}</p>
              </article>
            ))}
          </div>
        ) : null}

        {images.length ? (
          <section aria-label="Images" data-testid="message-images">
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {images.map((path, i) => (
                <li key={path}>
                  <img
                    src={publicObjectUrl(SUPABASE_URL, STORAGE_BUCKETS.messageImages, path)}
                    alt={`${i + 1} of ${images.length}`}
                    width={400}
                    height={400}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full rounded-xl bg-[var(--pp-card)] object-cover"
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {featured.length ? (
          <Section title={linksTitleOf(page)} testId="links-section">
            <Suspense fallback={<div style={{ height: featured.length * FEATURED_ROW_PX }} aria-busy="true" />}>
              <FeaturedLinks rows={featured} onOpen={preview ? () => undefined : onOpen} />
            </Suspense>
          </Section>
        ) : null}
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-[var(--pp-muted)]">
        <a href="/" className="hover:underline">
          Made with {BRAND_NAME}
        </a>
      </footer>
    </div>
  );
}
