import { describe, expect, it } from 'vitest';
import { parseAiSuggestions } from '../../shared/rules/ai-suggestions.ts';

const one = { title: 'MDN', url: 'https://developer.mozilla.org', description: 'Docs', category: 'Dev', reasoning: 'Reference' };

describe('parseAiSuggestions: JSON', () => {
  it('reads a bare array', () => {
    expect(parseAiSuggestions(JSON.stringify([one]))).toEqual([one]);
  });

  it('reads {suggestions: [...]} inside ```json fences with prose around', () => {
    const content = `Here you go:\n\`\`\`json\n${JSON.stringify({ suggestions: [one] }, null, 2)}\n\`\`\`\nEnjoy!`;
    expect(parseAiSuggestions(content)).toEqual([one]);
  });

  it('reads JSON embedded in prose without fences', () => {
    expect(parseAiSuggestions(`Sure! ${JSON.stringify([one])} Hope it helps.`)).toEqual([one]);
  });

  it('drops suggestions whose URL is not http(s) and fills missing text fields', () => {
    const content = JSON.stringify([
      { title: 'Bad', url: 'javascript:alert(1)' },
      { title: 'Data', url: 'data:text/html,x' },
      { title: 'No url' },
      { title: 'Bare', url: 'example.org' },
      { url: 'https://no-title.example' },
    ]);
    expect(parseAiSuggestions(content)).toEqual([
      { title: 'Bare', url: 'https://example.org', description: '', category: '', reasoning: '' },
    ]);
  });
});

describe('parseAiSuggestions: line-based fallback', () => {
  it('parses a numbered list with labelled lines', () => {
    const content = [
      'Here are some suggestions:',
      '',
      '1. Title: Khan Academy',
      '   URL: https://www.khanacademy.org',
      '   Description: Free courses',
      '   Category: Education',
      '   Reasoning: You save learning sites',
      '2. **Title:** Evil',
      '   **URL:** javascript:alert(1)',
      '3. **Coursera**',
      '   - URL: [coursera.org](https://www.coursera.org/).',
      '   - Description: Online courses: lots of them',
      '   - Why: Matches your interests',
    ].join('\n');
    expect(parseAiSuggestions(content)).toEqual([
      {
        title: 'Khan Academy',
        url: 'https://www.khanacademy.org',
        description: 'Free courses',
        category: 'Education',
        reasoning: 'You save learning sites',
      },
      {
        title: 'Coursera',
        url: 'https://www.coursera.org/',
        description: 'Online courses: lots of them',
        category: '',
        reasoning: 'Matches your interests',
      },
    ]);
  });

  it('finds a URL written in the heading line', () => {
    const content = '1. [Hacker News](https://news.ycombinator.com) - tech news\n2) **Lobsters** https://lobste.rs.';
    expect(parseAiSuggestions(content).map((s) => [s.title, s.url])).toEqual([
      ['Hacker News', 'https://news.ycombinator.com'],
      ['Lobsters', 'https://lobste.rs'],
    ]);
  });

  it('returns nothing for empty or unparseable answers', () => {
    expect(parseAiSuggestions('')).toEqual([]);
    expect(parseAiSuggestions(null)).toEqual([]);
    expect(parseAiSuggestions('I cannot help with that.')).toEqual([]);
  });
});
