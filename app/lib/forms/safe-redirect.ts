/** Only paths of this site: `/x` yes; `//evil`, `/\evil`, `https://evil` no (open-redirect guard). */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  return target;
}
