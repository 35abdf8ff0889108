import { notFound } from "~/lib/http/not-found.server";

/**
 * Any path no other route matches. Without this route Remix answers such a path without running the root
 * loader, so the not-found page had no language, no translations and no title; now it is the same 404 page.
 */
export async function loader() {
  throw notFound();
}

export default function UnknownPath() {
  return null;
}
