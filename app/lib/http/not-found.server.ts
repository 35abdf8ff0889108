/** The answer that shows the in-shell not-found page (spec 1 §2: a record the user may not see is not found). */
export const notFound = () => new Response("Not Found", { status: 404 });

/** A record id from the address: a positive integer, or the not-found page (never an upstream call). */
export function recordIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
