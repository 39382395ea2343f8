/**
 * The one description of the edge functions a developer can call (the /settings/social-
 * sharing 'View API Docs' page renders it; tests/unit/rules-api-reference.test.ts checks that it
 * names exactly the functions supabase/config.toml declares).
 */
export interface ApiFunctionDoc {
  name: string;
  /**
   * 'user': a signed-in session's access token; 'anon': the anon key is enough; 'none': no token;
   * 'api-token': a personal API token (Settings → Integrations); 'service-role': the server's
   * key (a schedule calls it, never a browser).
   */
  auth: 'user' | 'anon' | 'none' | 'api-token' | 'service-role';
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
    body: "{ messages: [{ role: 'user' | 'assistant', content }] (the system prompt is the server's), model: 'gpt-4o-mini', max_completion_tokens <= 1500 }",
    answer: '{ content, model, usage }',
    errors:
      '400 invalid_request (a system message, too many messages or characters); 429 rate_limited (calls per minute or day), insufficient_quota; 502/503 invalid_api_key; 502 ai_service_error',
  },
  {
    name: 'request-email-change',
    auth: 'user',
    summary:
      'E-mail a 6-digit code to a new address (valid 5 minutes, 3 codes an hour). Needs the password again; an address in use gets the same answer.',
    body: '{ new_email, password }',
    answer: '{ success: true, message, expires_at }',
    errors: '400 same_email; 403 wrong_password; 429 rate_limited; 502 email_failed',
  },
  {
    name: 'confirm-email-change',
    auth: 'user',
    summary: 'Confirm the code and change the e-mail address; other sessions are signed out and the old address gets an undo link.',
    body: '{ code }',
    answer: '{ success: true, new_email }',
    errors: '400 invalid_code (attempts_left), code_expired, no_pending_request; 429 too_many_attempts; 409 email_taken',
  },
  {
    name: 'restore-email',
    auth: 'none',
    summary:
      'Undo an e-mail change from the link sent to the old address (7 days): restores it, signs out every session and e-mails a password reset link.',
    body: '{ token }',
    answer: '{ success: true, email, message }',
    errors: '400 invalid_token (unknown, used or expired); 409 email_taken',
  },
  {
    name: 'notification-unsubscribe',
    auth: 'none',
    summary:
      'One-click unsubscribe from a notification e-mail (signed link, no sign-in): turns that kind of e-mail off. GET sends the browser to the confirm page.',
    body: 'POST ?token= with List-Unsubscribe=One-Click (RFC 8058), or POST { token }',
    answer: '{ success: true, kind, message }',
    errors: '400 invalid_token (tampered or unknown) or expired_token; 404 account_not_found',
  },
  {
    name: 'send-notifications',
    auth: 'service-role',
    summary:
      'Sends the waiting notification e-mails (run every minute by a schedule): at once, in the daily digest, or not at all, by each recipient’s settings.',
    body: '{} or { user_id }',
    answer: '{ success: true, instant, digests, skipped, rolled_over }',
    errors: '403 forbidden (not the service-role key); 400 invalid_request',
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
    name: 'links-api',
    auth: 'api-token',
    summary:
      'Your links for scripts and other apps, with a personal API token: GET lists and searches them (?q=words&limit=&offset=), POST saves one (read and write tokens).',
    body: 'GET ?q=&limit=(1-100, 50)&offset=; POST { url, title?, description?, category_id? }',
    answer:
      'GET { links: [{ id, title, url, description, category_id, second_category_id, created_at, updated_at }] }; POST { outcome, link }',
    errors:
      '400 invalid_request; 401 invalid_token (missing, unknown or revoked); 403 insufficient_scope; 404 not_found (folder); 429 rate_limited (60 a minute)',
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
  if (doc.auth === 'api-token') lines.push(`  -H 'Authorization: Bearer <personal API token, lv_…>' \\`);
  else if (doc.auth !== 'none')
    lines.push(
      `  -H 'apikey: <anon key>' \\`,
      `  -H 'Authorization: Bearer ${doc.auth === 'user' ? '<access token of a session>' : '<anon key>'}' \\`,
    );
  lines.push(`  -H 'Content-Type: application/json' -d '<body>'`);
  return lines.join('\n');
}
