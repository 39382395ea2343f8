/**
 * The one description of the edge functions a developer can call (issue 13: the /settings/social-
 * sharing 'View API Docs' page renders it; tests/unit/rules-api-reference.test.ts checks that it
 * names exactly the functions supabase/config.toml declares).
 */
export interface ApiFunctionDoc {
  name: string;
  /** 'user': a signed-in session's access token; 'anon': the anon key is enough; 'none': no token. */
  auth: 'user' | 'anon' | 'none';
  summary: string;
  body: string;
  answer: string;
  errors: string;
}

export const API_FUNCTIONS: readonly ApiFunctionDoc[] = [
  {
    name: 'share-link',
    auth: 'user',
    summary: 'Share one of your links with another user by e-mail, username, phone or a social handle.',
    body: '{ shareData: { sender_id, link_id, message?, recipient_email | recipient_username | recipient_phone | social_platform + social_handle } }',
    answer: "{ success: true, message: 'Link shared successfully' }",
    errors: '403 not your link or sharing turned off; 404 recipient_not_found; 409 already shared with this recipient',
  },
  {
    name: 'share-incoming',
    auth: 'user',
    summary: 'Save a link shared into the app from another app (web share target, deep link).',
    body: "{ url, source: 'tiktok' | 'instagram' | 'generic', method: 'web_share_target' | 'deep_link' }",
    answer: '{ success, link: { id, title, url, category_id }, folder, updated, source, method }',
    errors: '400 bad URL (only http and https)',
  },
  {
    name: 'links-share-incoming',
    auth: 'user',
    summary: 'Alias of share-incoming.',
    body: 'as share-incoming',
    answer: 'as share-incoming',
    errors: 'as share-incoming',
  },
  {
    name: 'incoming-links',
    auth: 'user',
    summary: 'Add a link to your incoming folder (the folder is picked from the URL host).',
    body: '{ link, sender_email?, timestamp?, title? }',
    answer: '{ success, link, folder, updated, source }',
    errors: '400 bad URL or e-mail',
  },
  {
    name: 'instagram-oembed',
    auth: 'anon',
    summary: 'Title, author and thumbnail of an Instagram post.',
    body: '{ url }',
    answer: '{ title, author_name, thumbnail_url }',
    errors: '400 unsupported_url; 404 not_found; 502 provider_error; 503 not_configured; 504 timeout',
  },
  {
    name: 'tiktok-oembed',
    auth: 'anon',
    summary: 'Title, author and thumbnail of a TikTok video.',
    body: '{ url }',
    answer: '{ title, author_name, thumbnail_url }',
    errors: '400 unsupported_url; 404 not_found; 502 provider_error; 504 timeout',
  },
  {
    name: 'link-preview',
    auth: 'user',
    summary:
      "A page's title, description, site name, favicon and preview image (SSRF-safe fetch; with link_id they are stored on your link).",
    body: '{ url } or { link_id, hints?: { title?, favicon_url? } }',
    answer: '{ title, description, site_name, favicon_url, image_url, final_url }',
    errors: '400 bad URL; 404 not_found; 422 blocked_address, not_html; 429 rate_limited; 502 site_error, network; 504 timeout',
  },
  {
    name: 'ai-chat',
    auth: 'user',
    summary: 'AI link discovery: suggestions for a question.',
    body: "{ messages: [{ role, content }], model: 'gpt-4o-mini', max_completion_tokens <= 1500 }",
    answer: '{ content, model, usage }',
    errors: '429 insufficient_quota; 502/503 invalid_api_key; 502 ai_service_error',
  },
  {
    name: 'request-email-change',
    auth: 'user',
    summary: 'E-mail a 6-digit code to a new address (valid 5 minutes, 3 codes an hour).',
    body: '{ new_email }',
    answer: '{ success: true, message, expires_at }',
    errors: '400 same_email; 409 email_taken; 429 rate_limited; 502 email_failed',
  },
  {
    name: 'confirm-email-change',
    auth: 'user',
    summary: 'Confirm the code and change the e-mail address.',
    body: '{ code }',
    answer: '{ success: true, new_email }',
    errors: '400 invalid_code (attempts_left), code_expired, no_pending_request; 429 too_many_attempts; 409 email_taken',
  },
  {
    name: 'secure-reset',
    auth: 'user',
    summary: 'Set a new password after the policy, breach and reuse checks.',
    body: '{ user_id, new_password }',
    answer: '{ success: true, message }',
    errors: '400 min_length, class_mix, contains_identity, seq_or_repeat, breached, too_weak, reuse_disallowed; 403 another user',
  },
  {
    name: 'delete-account',
    auth: 'user',
    summary: 'Delete your account: every row and stored file. Needs the password again.',
    body: "{ confirmation: 'DELETE', password }",
    answer: '{ success: true, removed_files }',
    errors: '400 invalid_request; 403 wrong_password',
  },
  {
    name: 'api-health',
    auth: 'none',
    summary: 'Health check.',
    body: 'anything (GET or POST)',
    answer: "{ status: 'ok', function, method, time }",
    errors: 'none',
  },
  {
    name: 'api-echo',
    auth: 'anon',
    summary: 'Echoes the request (for testing a client).',
    body: 'optional JSON',
    answer: "{ status: 'ok', method, path, query, body, headers, authenticated, time }",
    errors: '400/413',
  },
];

/** How to call one: the URL under your project and the headers. */
export function apiCallExample(doc: ApiFunctionDoc, apiUrl: string): string {
  const lines = [`curl -X POST '${apiUrl.replace(/\/$/, '')}/functions/v1/${doc.name}' \\`];
  if (doc.auth !== 'none')
    lines.push(
      `  -H 'apikey: <anon key>' \\`,
      `  -H 'Authorization: Bearer ${doc.auth === 'user' ? '<access token of a session>' : '<anon key>'}' \\`,
    );
  lines.push(`  -H 'Content-Type: application/json' -d '<body>'`);
  return lines.join('\n');
}
