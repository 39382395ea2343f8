import { describe, expect, it } from 'vitest';
import { aiChatRequestSchema, aiDiscoveryQuerySchema, aiSuggestionSchema } from '../../shared/schemas/ai-chat.ts';
import { shareIncomingPayloadSchema } from '../../shared/schemas/share-incoming.ts';
import { secureResetBodySchema } from '../../shared/schemas/secure-reset.ts';
import { oembedRequestSchema } from '../../shared/schemas/oembed.ts';

describe('ai-chat request', () => {
  const messages = [{ role: 'user', content: 'Find me cooking sites' }];
  it('defaults model and token cap', () => {
    expect(aiChatRequestSchema.parse({ messages })).toEqual({ messages, model: 'gpt-4o-mini', max_completion_tokens: 1500 });
  });
  it('caps tokens at 1500 and allows only the product model', () => {
    expect(aiChatRequestSchema.safeParse({ messages, max_completion_tokens: 1501 }).success).toBe(false);
    expect(aiChatRequestSchema.safeParse({ messages, max_completion_tokens: 0 }).success).toBe(false);
    expect(aiChatRequestSchema.safeParse({ messages, model: 'gpt-4o' }).success).toBe(false);
  });
  it('needs at least one well-formed message', () => {
    expect(aiChatRequestSchema.safeParse({ messages: [] }).success).toBe(false);
    expect(aiChatRequestSchema.safeParse({ messages: [{ role: 'tool', content: 'x' }] }).success).toBe(false);
    expect(aiChatRequestSchema.safeParse({ messages: [{ role: 'user', content: 'x'.repeat(20_001) }] }).success).toBe(false);
  });
  it('discovery needs a non-empty query', () => {
    expect(aiDiscoveryQuerySchema.safeParse('  ').success).toBe(false);
    expect(aiDiscoveryQuerySchema.parse(' recipes ')).toBe('recipes');
  });
  it('a suggestion must have an http(s) URL', () => {
    expect(aiSuggestionSchema.safeParse({ title: 't', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(aiSuggestionSchema.parse({ title: 't', url: 'https://a.com' })).toEqual({
      title: 't',
      url: 'https://a.com',
      description: '',
      category: '',
      reasoning: '',
    });
  });
});

describe('share-incoming payload', () => {
  it('normalises the URL and defaults source and method', () => {
    expect(shareIncomingPayloadSchema.parse({ url: 'tiktok.com/@x/video/1' })).toEqual({
      url: 'https://tiktok.com/@x/video/1',
      source: 'generic',
      method: 'web_share_target',
    });
  });
  it('accepts the known sources and methods only', () => {
    expect(shareIncomingPayloadSchema.safeParse({ url: 'https://a.com', source: 'instagram', method: 'deep_link' }).success).toBe(true);
    expect(shareIncomingPayloadSchema.safeParse({ url: 'https://a.com', source: 'myspace' }).success).toBe(false);
    expect(shareIncomingPayloadSchema.safeParse({ url: 'https://a.com', method: 'email' }).success).toBe(false);
  });
  it('refuses non-http(s) URLs', () => {
    expect(shareIncomingPayloadSchema.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(oembedRequestSchema.safeParse({ url: 'file:///etc/passwd' }).success).toBe(false);
    expect(oembedRequestSchema.parse({ url: 'https://www.instagram.com/p/x' }).url).toBe('https://www.instagram.com/p/x');
  });
});

describe('secure-reset body', () => {
  it('needs a uuid and a password', () => {
    const user_id = '3f2b8c1e-0000-4000-8000-000000000001';
    expect(secureResetBodySchema.parse({ user_id, new_password: 'x' })).toEqual({ user_id, new_password: 'x' });
    expect(secureResetBodySchema.safeParse({ user_id: 'not-a-uuid', new_password: 'x' }).success).toBe(false);
    expect(secureResetBodySchema.safeParse({ user_id, new_password: '' }).success).toBe(false);
    expect(secureResetBodySchema.safeParse({ user_id, new_password: 'x'.repeat(73) }).success).toBe(false);
    expect(secureResetBodySchema.safeParse({ user_id }).success).toBe(false);
  });
});
