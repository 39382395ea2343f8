import { describe, expect, it } from 'vitest';
import {
  filterLinksByQuery,
  foldText,
  searchLoadedLinks,
  textWords,
  urlHost,
  type LocalSearchLink,
} from '../../shared/rules/link-search.ts';

const links: Array<LocalSearchLink & { id: string }> = [
  {
    id: 'hooks',
    title: 'Hooks in React',
    url: 'https://react.dev/reference/react/hooks',
    created_at: '2023-06-01T12:00:00Z',
    share_count: 1,
  },
  {
    id: 'state',
    title: 'State management',
    url: 'https://blog.example.com/posts/state',
    description: 'Why React hooks replaced classes',
    created_at: '2024-03-01T12:00:00Z',
    category_id: 'f1',
  },
  { id: 'creme', title: 'Crème brûlée', url: 'https://www.cooking.example/desserts', created_at: '2024-06-01T12:00:00Z', notes: '  ' },
  {
    id: 'js',
    title: 'Learn JavaScript',
    url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript',
    notes: 'From Zoë',
    tags: ['Frontend', 'web dev'],
    category_id: 'in',
  },
];
const ids = (query: string, ctx = {}) => searchLoadedLinks(links, query, ctx).map((l) => l.id);

describe("local search: the server search's matching over loaded links", () => {
  it('folds and splits text as the server does', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(textWords('hooks-in_react.dev/x')).toEqual(['hooks', 'in', 'react', 'dev', 'x']);
    expect(urlHost('https://www.GitHub.com:443/x')).toBe('github.com');
  });

  it('all words in any order, as prefixes, in title, URL, description, notes and tags', () => {
    expect(ids('react hooks')).toEqual(['hooks', 'state']);
    expect(ids('reac hoo')).toEqual(['hooks', 'state']);
    expect(ids('hooks react')).toEqual(['hooks', 'state']);
    expect(ids('mozilla')).toEqual(['js']);
    expect(ids('creme BRULEE')).toEqual(['creme']);
    expect(ids('zoe')).toEqual(['js']);
    expect(ids('frontend')).toEqual(['js']);
    expect(ids('eact')).toEqual([]);
  });

  it('phrases and negations', () => {
    expect(ids('"hooks in react"')).toEqual(['hooks']);
    expect(ids('"react in hooks"')).toEqual([]);
    expect(ids('react -classes')).toEqual(['hooks']);
  });

  it('filters the loaded data can answer', () => {
    expect(ids('tag:FRONTEND')).toEqual(['js']);
    expect(ids('tag:"web dev" -tag:frontend')).toEqual([]);
    expect(ids('site:cooking.example')).toEqual(['creme']);
    expect(ids('site:example.com')).toEqual(['state']);
    expect(ids('before:2024-01-01')).toEqual(['hooks', 'js']);
    expect(ids('after:2024-01-01')).toEqual(['state', 'creme', 'js']);
    expect(ids('has:notes')).toEqual(['js']);
    expect(ids('is:shared')).toEqual(['hooks']);
    expect(ids('folder:Work', { folderIdsByName: (n: string) => (n === 'Work' ? ['f1'] : []) })).toEqual(['state']);
    expect(ids('is:incoming', { incomingFolderIds: new Set(['in']) })).toEqual(['js']);
  });

  it('an empty box keeps every link', () => {
    expect(filterLinksByQuery(links, '  ')).toHaveLength(4);
    expect(filterLinksByQuery(links, 'hooks').map((l) => l.title)).toEqual(['Hooks in React', 'State management']);
  });
});
