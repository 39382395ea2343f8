/**
 * Can an address receive mail at all? The share form does no format check (the
 * spec asks for none), but the share-link function must not claim "shared" for an address no mail
 * server could deliver to. This is a shape check only (no DNS here): local@domain.tld with valid
 * labels and an alphabetic (or punycode) top-level domain.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Says both what is wrong ('one valid email address') and why (it cannot receive mail). */
export const UNDELIVERABLE_EMAIL_MESSAGE = 'Please enter one valid email address: this one cannot receive mail.';

export function canReceiveMail(address: string): boolean {
  const value = address.trim();
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]);
}
