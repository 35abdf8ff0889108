import type { ApiConfig } from "../config";

/**
 * Where the reset e-mail points. A client may name its own page (a tenant's sub-domain), but only on
 * our site: an arbitrary redirect_url would mail a live reset token to a link an attacker chose.
 */
export function resetLinkBase(config: ApiConfig, redirectUrl: string | undefined): URL {
  const fallback = new URL("/users/password/edit", config.APP_URL);
  if (!redirectUrl) return fallback;
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return fallback;
  }
  const site = new URL(config.APP_URL).hostname;
  const onSite = url.hostname === site || url.hostname.endsWith(`.${site}`);
  return (url.protocol === "http:" || url.protocol === "https:") && onSite ? url : fallback;
}

export function resetLink(config: ApiConfig, redirectUrl: string | undefined, token: string): string {
  const url = resetLinkBase(config, redirectUrl);
  url.searchParams.set("reset_password_token", token);
  return url.toString();
}
