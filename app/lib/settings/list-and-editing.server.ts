import type { UpstreamResult } from "../upstream/errors";
import { failureResponse } from "../upstream/failure-response.server";

/**
 * The loader half of a list page with an ?edit=<id> dialog: the page of rows and the edited record, fetched
 * together. Either failing is the page's failure: another airline's id answers "Record Not Found" like one that
 * does not exist, so the not-found page shows and nothing of the row reaches the browser.
 */
export async function listAndEditing<L, E>(
  list: Promise<UpstreamResult<L>>,
  editId: number | undefined,
  get: (id: number) => Promise<UpstreamResult<E>>,
): Promise<{ list: L; editing: E | null }> {
  const [listed, editing] = await Promise.all([list, editId ? get(editId) : Promise.resolve(null)]);
  if (!listed.ok) throw failureResponse(listed);
  if (editing && !editing.ok) throw failureResponse(editing);
  return { list: listed.data, editing: editing ? editing.data : null };
}
