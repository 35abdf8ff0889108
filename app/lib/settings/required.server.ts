import type { UpstreamResult } from "../upstream/errors";
import { failureResponse } from "../upstream/failure-response.server";

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
