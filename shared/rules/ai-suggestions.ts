import { normalizeUrl } from './url.ts';

/** One AI link suggestion, as the discovery card shows it. */
export interface AiSuggestion {
  title: string;
  url: string;
  description: string;
  category: string;
  reasoning: string;
}

type Field = keyof AiSuggestion;

/** Parses the AI's answer: JSON first (possibly in ```json fences), then a numbered-list fallback. */
export function parseAiSuggestions(content: string | null | undefined): AiSuggestion[] {
  if (!content || !content.trim()) return [];
  const fromJson = parseJsonSuggestions(content);
  return fromJson ?? parseLineSuggestions(content);
}

// ── JSON ────────────────────────────────────────────────────────────────

function jsonCandidates(content: string): string[] {
  const candidates: string[] = [];
  for (const match of content.matchAll(/```(?:json)?\s*([\s\S]*?)```/gi)) candidates.push(match[1]);
  candidates.push(content);
  // JSON wrapped in prose: from the first bracket to the last matching one.
  for (const [open, close] of [
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    const start = content.indexOf(open);
    const end = content.lastIndexOf(close);
    if (start !== -1 && end > start) candidates.push(content.slice(start, end + 1));
  }
  return candidates;
}

function suggestionArray(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value as unknown[];
  if (value && typeof value === 'object' && Array.isArray((value as { suggestions?: unknown }).suggestions)) {
    return (value as { suggestions: unknown[] }).suggestions;
  }
  return null;
}

/** The suggestions from the first candidate that is JSON of the expected shape, or null if none is. */
function parseJsonSuggestions(content: string): AiSuggestion[] | null {
  for (const candidate of jsonCandidates(content)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate.trim());
    } catch {
      continue;
    }
    const items = suggestionArray(parsed);
    if (items) return items.flatMap((item) => toSuggestion(item as Record<string, unknown>));
  }
  return null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Keeps a suggestion only with a title and an http(s) URL (anything else could be a script URL). */
function toSuggestion(raw: Partial<Record<Field, unknown>> | null): AiSuggestion[] {
  if (!raw || typeof raw !== 'object') return [];
  const url = normalizeUrl(text(raw.url));
  const title = text(raw.title);
  if (!url || !title) return [];
  return [{ title, url, description: text(raw.description), category: text(raw.category), reasoning: text(raw.reasoning) }];
}

// ── Line-based fallback ──────────────────────────────────────────────────

const FIELD_LABELS: Record<string, Field> = {
  title: 'title',
  name: 'title',
  url: 'url',
  link: 'url',
  website: 'url',
  description: 'description',
  summary: 'description',
  category: 'category',
  reasoning: 'reasoning',
  reason: 'reasoning',
  why: 'reasoning',
};
const NUMBERED_LINE = /^\s*(?:#{1,6}\s*)?\d+\s*[.)]\s*(.*)$/;
const LABELLED_LINE = /^\s*(?:[-*•]\s*)?\**\s*([a-z]+)\s*\**\s*:\s*\**\s*(.*)$/i;
const MARKDOWN_LINK = /\[([^\]]*)\]\(([^)\s]+)\)/;
const BARE_URL = /https?:\/\/[^\s<>()"'\]]+/i;

function stripMarkdown(value: string): string {
  return value
    .replace(/\*\*|__|`/g, '')
    .replace(/^["']|["']$/g, '')
    .trim();
}

function urlIn(value: string): string {
  const link = MARKDOWN_LINK.exec(value);
  if (link) return link[2];
  const bare = BARE_URL.exec(value);
  return bare ? bare[0].replace(/[.,;:!?]+$/, '') : stripMarkdown(value);
}

/** Numbered blocks ("1. Title: …" / "1. **Name**") with "Title:", "URL:", "Description:" … lines. */
function parseLineSuggestions(content: string): AiSuggestion[] {
  const blocks: Array<Partial<Record<Field, string>> & { body: string }> = [];
  for (const line of content.split(/\r?\n/)) {
    const numbered = NUMBERED_LINE.exec(line);
    const rest = numbered ? numbered[1] : line;
    if (numbered) blocks.push({ body: '' });
    const block = blocks[blocks.length - 1];
    if (!block) continue;
    block.body += `${line}\n`;
    const labelled = LABELLED_LINE.exec(rest);
    const field = labelled ? FIELD_LABELS[labelled[1].toLowerCase()] : undefined;
    if (labelled && field) {
      if (!block[field]) block[field] = field === 'url' ? urlIn(labelled[2]) : stripMarkdown(labelled[2]);
    } else if (numbered && rest.trim()) {
      // "1. **Site name** - https://…" : the heading is the title (and may carry the URL).
      const link = MARKDOWN_LINK.exec(rest);
      block.title = stripMarkdown(link ? link[1] : rest.replace(BARE_URL, '').replace(/[\s:–—-]+$/, ''));
    }
  }
  return blocks.flatMap((block) =>
    toSuggestion({ ...block, url: block.url ?? (BARE_URL.exec(block.body)?.[0] ?? '').replace(/[.,;:!?]+$/, '') }),
  );
}
