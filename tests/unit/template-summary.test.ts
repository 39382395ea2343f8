import { describe, expect, it } from 'vitest';
import { summariseTemplates, templateCountLine } from '../../shared/rules/template-summary.ts';

describe('summariseTemplates', () => {
  const cats = [
    { id: 'a', parent_category_id: null },
    { id: 'a1', parent_category_id: 'a' },
    { id: 'b', parent_category_id: null },
  ];
  const links = [
    { id: 'l1', category_id: 'a1' },
    { id: 'l2', category_id: 'a' },
    { id: 'l3', category_id: 'a' },
    { id: 'l4', category_id: 'b' },
    { id: 'l5', category_id: 'a1' },
  ];

  it('counts subfolder links with their top-level template, own links first in previews', () => {
    const out = summariseTemplates(cats, links, 3);
    expect(out.map((s) => [s.template.id, s.linkCount])).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
    expect(out[0].previews.map((l) => l.id)).toEqual(['l2', 'l3', 'l1']);
  });

  it("counts a template's own links apart (its page's count), and the card line says both", () => {
    const out = summariseTemplates(cats, links, 3);
    expect(out.map((s) => [s.template.id, s.ownCount])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(templateCountLine(out[0])).toBe('2 links · 2 more in subfolders');
    expect(templateCountLine(out[1])).toBe('1 link');
  });

  it('keeps the order given, lists only top-level templates, survives a cycle', () => {
    const cyclic = [
      { id: 'x', parent_category_id: null },
      { id: 'y', parent_category_id: 'z' },
      { id: 'z', parent_category_id: 'y' },
    ];
    expect(summariseTemplates(cyclic, [{ id: 'l', category_id: 'y' }]).map((s) => s.template.id)).toEqual(['x']);
    expect(summariseTemplates([], [])).toEqual([]);
  });
});
