// The per-request-shape plan cache reuses a plan only when the request differs in
// bound values, and puts each request's own values in place.
import { describe, expect, it, vi } from 'vitest';
import { PlanCache } from '../../supabase/local/rest/plan-cache.ts';
import { buildPlan, type RequestShape } from '../../supabase/local/rest/plan.ts';
import { SchemaCache, type Column } from '../../supabase/local/rest/schema.ts';

function cache(): SchemaCache {
  const c = new SchemaCache();
  const col = (name: string, type: string): [string, Column] => [name, { name, type, notNull: false, defaultExpr: null }];
  c.relations.set('items', {
    schema: 'public',
    name: 'items',
    kind: 'table',
    columns: new Map([col('id', 'bigint'), col('title', 'text'), col('views', 'integer')]),
    primaryKey: ['id'],
    uniqueKeys: [['id']],
  });
  return c;
}

function shape(qs: string): RequestShape {
  return {
    method: 'GET',
    route: { kind: 'table', name: 'items' },
    search: new URLSearchParams(qs),
    prefs: {},
    stripNulls: false,
    body: undefined,
    limits: { maxRows: 1000, maxEmbedDepth: 3 },
  };
}

describe('PlanCache', () => {
  it('plans a shape once and binds each request its own values', () => {
    const schema = cache();
    const plans = new PlanCache();
    const build = vi.fn((s: RequestShape) => buildPlan(schema, s));
    const a = plans.plan('k', shape('select=*&id=eq.1&views=gte.5'), build);
    const b = plans.plan('k', shape('select=*&id=eq.2&views=gte.7'), build);
    expect(build).toHaveBeenCalledTimes(1);
    expect(b.sql).toBe(a.sql);
    expect(a.params).toEqual(buildPlan(schema, shape('select=*&id=eq.1&views=gte.5')).params);
    expect(b.params).toEqual(buildPlan(schema, shape('select=*&id=eq.2&views=gte.7')).params);
    // The cached plan itself is never handed out with another request's values.
    expect(plans.plan('k', shape('select=*&id=eq.1&views=gte.5'), build).params).toEqual(a.params);
  });

  it('keeps values that shape the SQL (lists, is, like wildcards, limits) in the key', () => {
    const schema = cache();
    const plans = new PlanCache();
    const build = vi.fn((s: RequestShape) => buildPlan(schema, s));
    for (const qs of [
      'id=in.(1,2)',
      'id=in.(1,2,3)',
      'title=is.null',
      'title=not.is.null',
      'title=like.*a*',
      'title=like.b*',
      'limit=1',
      'limit=2',
    ]) {
      const p = plans.plan('k', shape(qs), build);
      expect(p).toEqual(buildPlan(schema, shape(qs)));
    }
    expect(build).toHaveBeenCalledTimes(8);
  });

  it('a different key (method, Prefer, Accept...) is a different plan; errors are not cached', () => {
    const schema = cache();
    const plans = new PlanCache();
    const build = vi.fn((s: RequestShape) => buildPlan(schema, s));
    plans.plan('GET', shape('id=eq.1'), build);
    plans.plan('HEAD', shape('id=eq.1'), build);
    expect(build).toHaveBeenCalledTimes(2);
    expect(() => plans.plan('k', shape('nope=eq.1'), build)).toThrow(/column items.nope does not exist/);
    expect(() => plans.plan('k', shape('nope=eq.1'), build)).toThrow(/column items.nope does not exist/);
  });
});
