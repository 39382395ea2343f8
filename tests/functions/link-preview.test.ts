import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVICON_ICO, ICON_PNG, OG_PNG, startPreviewSite, type PreviewSite } from '../fakes/preview-site.ts';
import type { Tables } from '../../shared/data/database.ts';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { callFunction, setFunctionEnv } from './helpers.ts';

/**
 * The link-preview function against a real local site on 127.0.0.1. The test stack
 * allows 127.0.0.1 through LINK_PREVIEW_TEST_ALLOW (honoured only with FUNCTIONS_TEST_MODE);
 * the header x-test-no-allow-list: 1 turns it off for one request, to prove what production does.
 */

let site: PreviewSite;
let user: ConfirmedUser;
const NO_ALLOW = { 'x-test-no-allow-list': '1' };
const preview = (body: unknown, headers: Record<string, string> = {}, who: ConfirmedUser = user) =>
  callFunction('link-preview', { token: who.accessToken, body, headers });

async function addLink(who: ConfirmedUser, url: string, description: string | null = null): Promise<string> {
  const { data, error } = await who.client
    .from('links')
    .insert({ user_id: who.user.id, title: 'Typed title', url, description })
    .select('id')
    .single()
    .overrideTypes<{ id: string }, { merge: false }>();
  if (error) throw error;
  return data.id;
}

async function readLink(id: string): Promise<Tables<'links'>> {
  const res = await serviceClient().from('links').select('*').eq('id', id).single();
  if (res.error) throw new Error(res.error.message);
  return res.data;
}

async function bytesOf(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  site = await startPreviewSite();
  user = await createConfirmedUser();
});

afterAll(async () => {
  await site?.close();
});

describe('link-preview: reading a page', () => {
  it('answers title, description, site_name, favicon_url, image_url, final_url (Open Graph wins over <title>)', async () => {
    const res = await preview({ url: `${site.url}/full` });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      title: 'Full Preview Page',
      description: 'A page about & for previews.',
      site_name: 'Preview Site',
      favicon_url: `${site.url}/icon.png`,
      image_url: `${site.url}/og.png`,
      final_url: `${site.url}/full`,
    });
  });

  it('sends a clear user agent', async () => {
    const before = site.requests.length;
    await preview({ url: `${site.url}/plain` });
    const at = site.requests.indexOf('/plain', before);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(site.userAgents[at]).toMatch(/LinkPreview\/1\.0/);
  });

  it('follows a redirect (re-checked) and reports the final URL', async () => {
    const res = await preview({ url: `${site.url}/redirect` });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ title: 'After Redirect', final_url: `${site.url}/full?title=After%20Redirect` });
  });

  it('reads Twitter cards, upper-case unquoted tags, <base>, a plain <title>, another charset, chunked bodies', async () => {
    const twitter = await preview({ url: `${site.url}/twitter` });
    expect(twitter.body).toMatchObject({
      title: 'Tweet Card Title',
      description: 'Card description',
      favicon_url: `${site.url}/assets/touch.png`,
      image_url: `${site.url}/assets/card.png`,
    });
    const plain = await preview({ url: `${site.url}/plain` });
    expect(plain.body).toMatchObject({
      title: 'Plain & Simple Page',
      description: null,
      favicon_url: `${site.url}/favicon.ico`,
      image_url: null,
    });
    const latin = await preview({ url: `${site.url}/latin1` });
    expect(latin.body).toMatchObject({ title: 'Café crème', description: 'Olé' });
    const chunked = await preview({ url: `${site.url}/chunked` });
    expect(chunked.body).toMatchObject({ title: 'Chunked Title' });
  });

  it('non-HTML is not parsed; an oversize page is read only up to 1 MB; a slow site is given up after 5 s', async () => {
    const json = await preview({ url: `${site.url}/json` });
    expect(json.status).toBe(422);
    expect(json.body).toMatchObject({ error: 'not_html' });
    const big = await preview({ url: `${site.url}/big` });
    expect(big.status, big.text).toBe(200);
    expect(big.body).toMatchObject({ title: null });
    // /slow never finishes its page: only the function's own 5 s deadline can end the call.
    const slow = await preview({ url: `${site.url}/slow` });
    expect(slow.status).toBe(504);
    expect(slow.body).toEqual({ error: 'timeout', message: 'The site did not answer within 5 s' });
  });

  it('needs a signed-in user and valid input', async () => {
    expect((await callFunction('link-preview', { token: null, body: { url: site.url } })).status).toBe(401);
    expect((await preview({})).status).toBe(400);
    expect((await preview({ url: 'javascript:alert(1)' })).status).toBe(400);
  });
});

describe('link-preview: SSRF matrix', () => {
  const refused = async (url: string, reason: string, headers: Record<string, string> = NO_ALLOW) => {
    const before = site.requests.length;
    const res = await preview({ url }, headers);
    expect(res.status, `${url}: ${res.text}`).toBe(422);
    expect(res.body, url).toMatchObject({ error: 'blocked_address', reason });
    expect(site.requests.length, `${url} reached the site`).toBe(before);
  };

  it('positive control: the allow-listed test site is reachable', async () => {
    expect((await preview({ url: `${site.url}/plain` })).status).toBe(200);
  });

  it('without the test allow-list, loopback in every spelling and a name resolving to it are refused', async () => {
    const p = site.port;
    await refused(`${site.url}/plain`, 'loopback');
    await refused(`${site.localhostUrl}/plain`, 'loopback'); // DNS name -> 127.0.0.1
    await refused(`http://2130706433:${p}/plain`, 'loopback'); // decimal
    await refused(`http://0x7f.0.0.1:${p}/plain`, 'loopback'); // hex
    await refused(`http://0177.0.0.1:${p}/plain`, 'loopback'); // octal
    await refused(`http://127.1:${p}/plain`, 'loopback'); // short form
    await refused(`http://[::1]:${p}/plain`, 'loopback');
    await refused(`http://[::ffff:127.0.0.1]:${p}/plain`, 'loopback'); // IPv4-mapped IPv6
  });

  it('metadata, private, link-local, CGNAT, multicast and unspecified addresses are refused even with the allow-list', async () => {
    await refused('http://169.254.169.254/latest/meta-data/', 'metadata', {});
    await refused('http://[fd00:ec2::254]/', 'metadata', {});
    await refused('http://[::ffff:169.254.169.254]/', 'metadata', {});
    await refused('http://10.0.0.1/', 'private', {});
    await refused('http://192.168.1.1/', 'private', {});
    await refused('http://[fc00::1]/', 'private', {});
    await refused('http://169.254.10.10/', 'link_local', {});
    await refused('http://[fe80::1]/', 'link_local', {});
    await refused('http://100.64.0.1/', 'cgnat', {});
    await refused('http://224.0.0.1/', 'multicast', {});
    await refused('http://[ff02::1]/', 'multicast', {});
    await refused('http://0.0.0.0/', 'unspecified', {});
    await refused(`http://127.0.0.2:${site.port}/`, 'loopback', {}); // only 127.0.0.1 is allow-listed
  });

  it('a redirect to a private address is refused (each hop is re-checked)', async () => {
    const res = await preview({ url: `${site.url}/redirect-private` });
    expect(res.status, res.text).toBe(422);
    expect(res.body).toMatchObject({ error: 'blocked_address', reason: 'metadata' });
    const loop = await preview({ url: `${site.url}/redirect-loopback` });
    expect(loop.body).toMatchObject({ error: 'blocked_address', reason: 'loopback' });
    const many = await preview({ url: `${site.url}/redirect-loop` });
    expect(many.body).toMatchObject({ error: 'too_many_redirects' });
  });
});

describe('link-preview: https', () => {
  it('sends the host name as TLS SNI on the checked address, and verifies the certificate (self-signed is refused)', async () => {
    // A throwaway self-signed certificate for "localhost" (openssl is part of the machine's base system).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const key = fs.readFileSync(path.join(dir, 'key.pem'));
    const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
    const serverNames: string[] = [];
    let requests = 0;
    const server = https.createServer(
      {
        key,
        cert,
        SNICallback: (name, cb) => {
          serverNames.push(name);
          cb(null, tls.createSecureContext({ key, cert }));
        },
      },
      (_req, res) => {
        requests++;
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<title>should not be read</title>');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const res = await preview({ url: `https://localhost:${port}/` });
      expect(res.status, res.text).toBe(502);
      expect(res.body).toMatchObject({ error: 'network' });
      expect(serverNames).toEqual(['localhost']);
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A throwaway certificate authority and two server certificates it signed (openssl, part of the
 * machine's base system): one for "localhost" and one for another host name.
 */
function makeTestPki(dir: string) {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=LinkVault Test Preview CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  const leaf = (name: string, host: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${host}`);
    fs.writeFileSync(
      file(`${name}.ext`),
      `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:${host}\n`,
    );
    openssl(
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-out',
      file(`${name}.pem`),
      '-days',
      '2',
      '-extfile',
      file(`${name}.ext`),
    );
    return { key: fs.readFileSync(file(`${name}.key`)), cert: fs.readFileSync(file(`${name}.pem`)) };
  };
  return { caFile: file('ca.pem'), localhost: leaf('localhost', 'localhost'), wrongHost: leaf('wrong', 'wrong-host.example') };
}

/** An https site on 127.0.0.1 that records the SNI names it was asked for and the paths it served. */
async function startHttpsSite(pair: { key: Buffer; cert: Buffer }) {
  const serverNames: string[] = [];
  const requests: string[] = [];
  const server = https.createServer(
    {
      ...pair,
      SNICallback: (name, cb) => {
        serverNames.push(name);
        cb(null, tls.createSecureContext(pair));
      },
    },
    (req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/icon.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(ICON_PNG);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html><head><title>Over TLS</title><meta name="description" content="Fetched over https."><link rel="icon" href="/icon.png"></head><body></body></html>',
      );
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    serverNames,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('link-preview: https with a trusted test CA', () => {
  // The function's Deno trusts the throwaway CA only here: DENO_CERT (an extra root for Deno's TLS)
  // is set for the link-preview worker through the test stack's _test/env hook (FUNCTIONS_TEST_MODE
  // only), and removed again before the CA file is deleted.
  let dir: string;
  let pki: ReturnType<typeof makeTestPki>;
  let tlsUser: ConfirmedUser;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-ca-'));
    pki = makeTestPki(dir);
    tlsUser = await createConfirmedUser();
    await setFunctionEnv('link-preview', { DENO_CERT: pki.caFile });
  });

  afterAll(async () => {
    await setFunctionEnv('link-preview', {});
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fetches a page over https (SNI = the host name, certificate verified) and stores its favicon fetched over https', async () => {
    const site = await startHttpsSite(pki.localhost);
    try {
      const url = `https://localhost:${site.port}/page`;
      const res = await preview({ url }, {}, tlsUser);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        title: 'Over TLS',
        description: 'Fetched over https.',
        site_name: null,
        favicon_url: `https://localhost:${site.port}/icon.png`,
        image_url: null,
        final_url: url,
      });
      expect(site.serverNames).toEqual(['localhost']); // the socket went to the checked 127.0.0.1, SNI carried the name
      expect(site.requests).toEqual(['/page']);

      const id = await addLink(tlsUser, url);
      const stored = await preview({ link_id: id }, {}, tlsUser);
      expect(stored.status, stored.text).toBe(200);
      const row = await readLink(id);
      expect(row.favicon_url).toContain(`/storage/v1/object/public/link-previews/${tlsUser.user.id}/${id}/favicon.png`);
      expect((await bytesOf(row.favicon_url as string)).bytes.equals(ICON_PNG)).toBe(true);
      expect(row.description).toBe('Fetched over https.');
      expect(site.requests).toEqual(['/page', '/page', '/icon.png']);
    } finally {
      await site.close();
    }
  });

  it('refuses a certificate (signed by the trusted CA) for another host name: nothing is requested', async () => {
    const site = await startHttpsSite(pki.wrongHost);
    try {
      const res = await preview({ url: `https://localhost:${site.port}/page` }, {}, tlsUser);
      expect(res.status, res.text).toBe(502);
      expect(res.body).toMatchObject({ error: 'network' });
      expect(site.serverNames).toEqual(['localhost']);
      expect(site.requests).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

describe('link-preview: stored previews for a saved link', () => {
  it('downloads favicon and image into link-previews/<user>/..., writes the columns, fills an empty description', async () => {
    const id = await addLink(user, `${site.url}/full`);
    const res = await preview({ link_id: id });
    expect(res.status, res.text).toBe(200);
    const body = res.body as Record<string, string>;
    expect(body.stored).toBe(true);
    expect(body.favicon_url).toContain(`/storage/v1/object/public/link-previews/${user.user.id}/${id}/favicon.png`);
    expect(body.image_url).toContain(`/storage/v1/object/public/link-previews/${user.user.id}/${id}/image.png`);
    const row = await readLink(id);
    expect(row).toMatchObject({
      favicon_url: body.favicon_url,
      preview_image_url: body.image_url,
      preview_description: 'A page about & for previews.',
      preview_site_name: 'Preview Site',
      description: 'A page about & for previews.',
      title: 'Typed title',
    });
    expect(row.preview_fetched_at).not.toBeNull();
    const icon = await bytesOf(body.favicon_url);
    expect(icon.status).toBe(200);
    expect(icon.type).toContain('image/png');
    expect(icon.bytes.equals(ICON_PNG)).toBe(true);
    expect((await bytesOf(body.image_url)).bytes.equals(OG_PNG)).toBe(true);
  });

  it('never overwrites a typed description', async () => {
    const id = await addLink(user, `${site.url}/full`, 'Mine');
    expect((await preview({ link_id: id })).status).toBe(200);
    expect(await readLink(id)).toMatchObject({ description: 'Mine', preview_description: 'A page about & for previews.' });
  });

  it('refuses SVG (by type and by bytes) and a non-image "image"; falls back to /favicon.ico', async () => {
    const id = await addLink(user, `${site.url}/svg-only`);
    const res = await preview({ link_id: id });
    expect(res.status, res.text).toBe(200);
    const row = await readLink(id);
    expect(row.preview_image_url).toBeNull();
    expect(row.favicon_url).toContain('/favicon.ico');
    expect((await bytesOf(row.favicon_url as string)).bytes.equals(FAVICON_ICO)).toBe(true);
    expect(site.requests).not.toContain('/icon.svg'); // an SVG link is not even fetched
  });

  it('an oversize icon is not stored', async () => {
    const id = await addLink(user, `${site.url}/huge-icon`);
    expect((await preview({ link_id: id })).status).toBe(200);
    const row = await readLink(id);
    expect(row.favicon_url).toContain('/favicon.ico'); // the 600 KB one was skipped
  });

  it("the extension's favicon hint is tried first, under the same rules", async () => {
    const id = await addLink(user, `${site.url}/plain`);
    const res = await preview({ link_id: id, hints: { title: 'Tab title', favicon_url: `${site.url}/assets/touch.png` } });
    expect(res.status, res.text).toBe(200);
    expect((await bytesOf((await readLink(id)).favicon_url as string)).bytes.equals(ICON_PNG)).toBe(true);
    const id2 = await addLink(user, `${site.url}/plain`);
    await preview({ link_id: id2, hints: { favicon_url: 'http://169.254.169.254/favicon.ico' } });
    expect((await bytesOf((await readLink(id2)).favicon_url as string)).bytes.equals(FAVICON_ICO)).toBe(true);
  });

  it("another user's link is not found, and nothing is written to it", async () => {
    const other = await createConfirmedUser();
    const id = await addLink(other, `${site.url}/full`);
    const res = await preview({ link_id: id });
    expect(res.status).toBe(404);
    expect((await readLink(id)).favicon_url).toBeNull();
  });

  it('clients cannot write into the link-previews bucket', async () => {
    const { error } = await user.client.storage
      .from('link-previews')
      .upload(`${user.user.id}/x/favicon.png`, ICON_PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' });
  });
});

describe('link-preview: incoming lists', () => {
  it("a received link shows the sender's stored favicon unless it has an uploaded icon", async () => {
    const sender = await createConfirmedUser();
    const recipient = await createConfirmedUser();
    const id = await addLink(sender, `${site.url}/full`);
    expect((await preview({ link_id: id }, {}, sender)).status).toBe(200);
    const favicon = (await readLink(id)).favicon_url;
    const { error } = await serviceClient()
      .from('shared_links')
      .insert({ sender_id: sender.user.id, link_id: id, recipient_user_id: recipient.user.id, recipient_email: recipient.email });
    expect(error).toBeNull();
    const list = async () =>
      ((await recipient.client.rpc('list_incoming_shares', { status_filter: 'pending' })).data ?? []) as Array<{
        link_id: string;
        icon_url: string | null;
      }>;
    expect((await list()).find((s) => s.link_id === id)?.icon_url).toBe(favicon);
    // An uploaded icon is a copy in our own storage (another host is refused: own-image-urls.test.ts).
    const uploaded = `${testStack().url}/storage/v1/object/public/link-icons/${sender.user.id}/uploaded.png`;
    const { error: iconError } = await serviceClient().from('links').update({ icon_url: uploaded }).eq('id', id);
    expect(iconError).toBeNull();
    expect((await list()).find((s) => s.link_id === id)?.icon_url).toBe(uploaded);
  });
});

describe('link-preview: per-user rate limit', () => {
  it('answers 429 after 60 fetches in a minute, for that user only', async () => {
    const busy = await createConfirmedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await preview({ url: `${site.url}/plain` }, {}, busy)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await preview({ url: `${site.url}/plain` })).status).toBe(200);
  });
});
