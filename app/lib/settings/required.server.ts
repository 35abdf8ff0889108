import type { SignedInUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { recordIdOf } from "../http/not-found.server";
import type { UpstreamResult } from "../upstream/errors";
import { failureResponse } from "../upstream/failure-response.server";
import { listAndEditing } from "./list-and-editing.server";

// What a settings loader cannot render without (the edited record, the page of rows): its upstream failure is the
// page's. A record of another airline answers "Record Not Found" like one that does not exist, so the not-found
// page shows and nothing of it reaches the browser.

/** The record, or the failure thrown as the page's answer. */
export function required<T>(result: UpstreamResult<T>): T {
  if (!result.ok) throw failureResponse(result);
  return result.data;
}

/** One server page of a list as the list pages send it to the browser: its rows and its paging. */
export function listPage<Row, Meta>(result: UpstreamResult<{ data: Row[]; meta: Meta }>): { rows: Row[]; meta: Meta } {
  const list = required(result);
  return { rows: list.data, meta: list.meta };
}

/**
 * The loader half of a list page with an ?edit=<id> dialog (`listAndEditing`: fetched together, either failing is
 * the page's failure): the page of rows as `listPage` sends it, and the edited record or null.
 */
export async function listPageAndEditing<Row, Meta, E>(
  list: Promise<UpstreamResult<{ data: Row[]; meta: Meta }>>,
  editId: number | undefined,
  get: (id: number) => Promise<UpstreamResult<E>>,
): Promise<{ rows: Row[]; meta: Meta; editing: E | null }> {
  const { list: listed, editing } = await listAndEditing(list, editId, get);
  return { rows: listed.data, meta: listed.meta, editing };
}

/**
 * An edit page's loader start: the page's guard (`requirePage`), then the record named by the address's `:id`, or
 * the not-found page (a malformed id never reaches the upstream; another airline's record is "not found" too).
 */
export async function requireRecord<T>(
  args: Parameters<typeof requirePage>[0],
  pattern: string,
  get: (api: SignedInUser["api"], id: number) => Promise<UpstreamResult<T>>,
) {
  const page = await requirePage(args, pattern);
  return { ...page, record: required(await get(page.user.api, recordIdOf(args.params.id))) };
}
