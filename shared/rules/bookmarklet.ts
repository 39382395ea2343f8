/**
 * The bookmarklet of Settings → Integrations: a `javascript:` bookmark that opens the site's
 * /share/receive with the current page's address (the share-in route saves it, asking to sign in
 * first when needed). `origin` is the site's own origin; only http(s) origins are accepted.
 */
export function bookmarkletSource(origin: string): string {
  const site = new URL(origin);
  if (site.protocol !== 'https:' && site.protocol !== 'http:') throw new Error('bookmarklet origin must be http(s)');
  const target = JSON.stringify(`${site.origin}/share/receive?url=`);
  return `javascript:(()=>{window.open(${target}+encodeURIComponent(location.href),'_blank','noopener')})()`;
}
