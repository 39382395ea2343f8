import { describe, expect, it } from 'vitest';
import type { Category } from '../../../shared/data/categories/api.ts';
import type { IncomingShare } from '../../../shared/data/incoming/api.ts';
import type { LinkListItem } from '../../../shared/data/links/api.ts';
import type { OutgoingShare } from '../../../shared/data/shares/api.ts';
import { backgroundDialogTitle, cssBackgroundImage } from '../../../web/src/features/backgrounds/background-scope.ts';
import { categoryIconSrc, GALLERY_ICONS } from '../../../web/src/components/category-icons/gallery.ts';
import { directionWord, disabledMovesAt } from '../../../web/src/lib/link-moves.ts';
import { gridCategories, gridSections, incomingPreview, outgoingPreview } from '../../../web/src/features/links/grid-model.ts';
import { smsShareTarget, socialShareTarget } from '../../../web/src/components/share-link/share-targets.ts';

const category = (over: Partial<Category>): Category => ({
  id: 'c',
  user_id: 'u',
  name: 'X',
  is_default: false,
  is_template: false,
  icon_url: null,
  parent_category_id: null,
  display_order: 0,
  ai_enhanced: false,
  system_key: null,
  ...over,
});
const link = (id: string, over: Partial<LinkListItem> = {}): LinkListItem => ({
  id,
  title: `Title ${id}`,
  url: `https://${id}.example`,
  icon_url: null,
  access_count: 0,
  share_count: 0,
  created_at: '2025-01-05T12:00:00Z',
  updated_at: '2025-01-05T12:00:00Z',
  category_id: 'saved',
  second_category_id: null,
  favicon_url: null,
  preview_image_url: null,
  ...over,
});

describe('grid model', () => {
  const categories = [
    category({ id: 'incoming', name: 'Recently Received Links (Incoming)', is_default: true, system_key: 'incoming' }),
    category({ id: 'saved', name: 'Recently Saved Links', is_default: true, system_key: 'saved' }),
    category({ id: 'approved', name: 'APPROVED', is_default: true, system_key: 'approved', parent_category_id: 'incoming' }),
    category({ id: 'art', name: 'Art' }),
    category({ id: 'tpl', name: 'Template', is_template: true }),
  ];

  it('shows the saved folder first, then the user folders; not the incoming tree or templates', () => {
    expect(gridCategories(categories).map((c) => c.id)).toEqual(['saved', 'art']);
  });

  it('previews 3 links per folder with the total, and keeps the default section while searching', () => {
    const links = ['a', 'b', 'c', 'd'].map((id) => link(id, { second_category_id: id === 'd' ? 'art' : null }));
    const sections = gridSections(links, gridCategories(categories), '');
    expect(sections.map((s) => [s.category.id, s.totalCount, s.links.map((l) => l.id)])).toEqual([
      ['saved', 4, ['a', 'b', 'c']],
      ['art', 1, ['d']],
    ]);
    const none = gridSections(links, gridCategories(categories), 'nothing-matches');
    expect(none.map((s) => [s.category.id, s.totalCount])).toEqual([['saved', 0]]);
    expect(gridSections(links, gridCategories(categories), 'D.EXAMPLE').map((s) => [s.category.id, s.totalCount])).toEqual([
      ['saved', 1],
      ['art', 1],
    ]);
  });

  it('incoming and outgoing previews: 3 items, outgoing one card per link', () => {
    const share = (id: string): IncomingShare => ({
      shared_link_id: id,
      link_id: id,
      title: `In ${id}`,
      url: `https://${id}.x`,
      description: null,
      icon_url: null,
      message: null,
      shared_at: '',
      status: 'pending',
      accepted_at: null,
      moved_to_category_id: null,
      sender_id: 's',
      sender_name: 'S',
      sender_email: null,
      sender_username: null,
    });
    expect(incomingPreview(['1', '2', '3', '4'].map(share), '')).toMatchObject({ total: 4 });
    expect(incomingPreview(['1', '2', '3', '4'].map(share), 'in 2').items.map((s) => s.shared_link_id)).toEqual(['2']);
    const out = (linkId: string) => ({ link_id: linkId }) as OutgoingShare;
    const preview = outgoingPreview([out('b'), out('a'), out('b'), out('gone')], [link('a'), link('b')], '');
    expect(preview.total).toBe(2);
    expect(preview.items.map((l) => l.link.id)).toEqual(['b', 'a']);
  });

  it('disables the moves a card cannot make', () => {
    expect([...disabledMovesAt(0, 4, 3)].sort()).toEqual(['beginning', 'left', 'up']);
    expect([...disabledMovesAt(1, 4, 3)].sort()).toEqual(['down', 'up']);
    expect([...disabledMovesAt(3, 4, 3)].sort()).toEqual(['down', 'end', 'right']);
    expect([...disabledMovesAt(0, 1, 1)].sort()).toEqual(['beginning', 'down', 'end', 'left', 'right', 'up']);
    expect(['beginning', 'left', 'end'].map((d) => directionWord(d as never))).toEqual(['to beginning', 'left', 'to end']);
  });
});

describe('share targets', () => {
  it('sms: keeps + and digits and carries message and link', () => {
    expect(smsShareTarget('+1 (555) 010-2030', 'Look', 'https://a.example/?q=1&b=2')).toEqual({
      url: `sms:+15550102030?&body=${encodeURIComponent('Look https://a.example/?q=1&b=2')}`,
      target: '_self',
    });
    expect(smsShareTarget('555', '', 'https://a.example').url).toContain(
      encodeURIComponent('Your friend on LinkVault shared this with you!'),
    );
  });

  it('social: the platform share page, only https', () => {
    expect(socialShareTarget('twitter', 'x', 'Hi', 'https://a.example').url).toBe(
      `https://twitter.com/intent/tweet?text=${encodeURIComponent('Hi https://a.example')}`,
    );
    expect(socialShareTarget('facebook', 'x', 'Hi', 'https://a.example').url).toMatch(
      /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=https%3A%2F%2Fa\.example/,
    );
    expect(socialShareTarget('instagram', '@pal', '', 'https://a.example').url).toBe('https://ig.me/m/pal');
    for (const platform of ['instagram', 'twitter', 'facebook', 'snapchat', 'tiktok', 'youtube'] as const) {
      const target = socialShareTarget(platform, 'a/b?c', 'm', 'https://a.example');
      expect(target.url.startsWith('https://')).toBe(true);
      expect(target.target).toBe('_blank');
    }
  });
});

describe('category icons and backgrounds', () => {
  it('11 gallery icons; only gallery paths and http(s) URLs are rendered', () => {
    expect(GALLERY_ICONS.map((i) => i.path)).toContain('/icons/gallery/documents.svg');
    expect(GALLERY_ICONS).toHaveLength(11);
    expect(categoryIconSrc('/icons/gallery/star.svg')).toBe('/icons/gallery/star.svg');
    expect(categoryIconSrc('https://cdn.example/i.png')).toBe('https://cdn.example/i.png');
    for (const bad of ['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '/icons/gallery/../../x.svg', '/uploads/x.svg', ''])
      expect(categoryIconSrc(bad)).toBeNull();
  });

  it('dialog titles per scope; CSS url() only for http(s), quoted', () => {
    expect(backgroundDialogTitle({ categoryId: 'x' })).toBe('Change Category Background');
    expect(backgroundDialogTitle({ name: 'banner' })).toBe('Change Top Banner Background');
    expect(backgroundDialogTitle({ name: 'dashboard' })).toBe('Change Dashboard Background');
    expect(backgroundDialogTitle({ name: 'settings' })).toBe('Change Page Background');
    expect(cssBackgroundImage('https://a.example/x.png')).toBe('url("https://a.example/x.png")');
    expect(cssBackgroundImage('https://a.example/x").png')).toBe('url("https://a.example/x%22).png")');
    expect(cssBackgroundImage('javascript:alert(1)')).toBeUndefined();
  });
});
