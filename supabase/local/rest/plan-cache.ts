// Plans per request shape (REST overhead): two reads that differ only in the values they
// compare (`id=eq.1` / `id=eq.2`) share one plan: the values are bound parameters, so the cached
// plan's SQL is reused and only the parameters that came from those values are replaced.
import type { Plan, RequestShape } from './plan.ts';

/** Filters whose value is bound as is (no wildcard rewriting, no list): safe to template. */
const TEMPLATABLE = /^(not\.)?(eq|neq|gt|gte|lt|lte)\.([\s\S]*)$/;
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and', 'columns', 'on_conflict']);
const MAX_ENTRIES = 1000;

interface Entry {
  plan: Plan;
  /** For each templated value (in query order), the parameter positions it fills. */
  slots: number[][];
  /** The same for the planned-count statement's parameters. */
  countSlots: number[][];
}

function fill(params: unknown[], slots: number[][], values: string[]): unknown[] {
  const out = params.slice();
  slots.forEach((positions, i) => {
    for (const p of positions) out[p] = values[i];
  });
  return out;
}

function filled(entry: Entry, values: string[]): Plan {
  const { plan } = entry;
  const out: Plan = { ...plan, params: fill(plan.params, entry.slots, values) };
  if (plan.plannedCount)
    out.plannedCount = { sql: plan.plannedCount.sql, params: fill(plan.plannedCount.params, entry.countSlots, values) };
  return out;
}

function positions(params: unknown[], marker: string): number[] {
  const out: number[] = [];
  params.forEach((p, i) => {
    if (p === marker) out.push(i);
  });
  return out;
}

function isReserved(key: string): boolean {
  if (RESERVED.has(key)) return true;
  const dot = key.lastIndexOf('.');
  return dot >= 0 && RESERVED.has(key.slice(dot + 1));
}

export class PlanCache {
  private entries = new Map<string, Entry>();

  clear(): void {
    this.entries.clear();
  }

  /**
   * `key` names everything but the query string that the plan depends on (method, schema, path,
   * Prefer, Range, Accept); null: not cacheable. Errors are never cached (the build throws again).
   */
  plan(key: string | null, shape: RequestShape, build: (shape: RequestShape) => Plan): Plan {
    if (key === null) return build(shape);
    const values: string[] = [];
    let template = '';
    for (const [k, v] of shape.search) {
      const m = isReserved(k) ? null : TEMPLATABLE.exec(v);
      if (m) {
        values.push(m[3]);
        template += `&${k}=${m[1] ?? ''}${m[2]}.\u0001`;
      } else template += `&${k}=${v}`;
    }
    const full = `${key}\u0000${template}`;
    const hit = this.entries.get(full);
    if (hit) return values.length === 0 ? hit.plan : filled(hit, values);
    if (values.length === 0) {
      const plan = build(shape);
      this.remember(full, { plan, slots: [], countSlots: [] });
      return plan;
    }
    // Plan once with a unique marker in place of each value, find where each marker was bound,
    // then fill in the real values. A marker found nowhere (or changed) means the value shaped
    // the SQL itself: that request is planned on its own and not cached.
    const markers = values.map((_, i) => `\u0001pgrst-value-${i}\u0001`);
    const marked = new URLSearchParams();
    let n = 0;
    for (const [k, v] of shape.search) {
      const m = isReserved(k) ? null : TEMPLATABLE.exec(v);
      marked.append(k, m ? `${m[1] ?? ''}${m[2]}.${markers[n++]}` : v);
    }
    let templatePlan: Plan;
    try {
      templatePlan = build({ ...shape, search: marked });
    } catch {
      return build(shape); // the error, with the request's own values in it
    }
    const slots = markers.map((marker) => positions(templatePlan.params, marker));
    const countSlots = markers.map((marker) => positions(templatePlan.plannedCount?.params ?? [], marker));
    const leaked = templatePlan.sql.includes('\u0001') || (templatePlan.plannedCount?.sql.includes('\u0001') ?? false);
    if (slots.some((s) => s.length === 0) || leaked) return build(shape);
    const entry: Entry = { plan: templatePlan, slots, countSlots };
    this.remember(full, entry);
    return filled(entry, values);
  }

  private remember(key: string, entry: Entry): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
  }
}
