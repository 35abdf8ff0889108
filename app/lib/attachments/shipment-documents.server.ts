import type { SignedInUser } from "../auth/guard.server";
import type { AirWaybill } from "../upstream/air-waybills.server";
import { listAttachments, type Attachment } from "../upstream/attachments.server";
import type { ErrorCode } from "../upstream/errors";

/**
 * The shipment page's Documents: the waybill's attachments (or why they could not be read) and whether to offer the
 * upload form — to the roles the API lets attach (platform, the forwarder, the airline's operators and managers); the
 * API still decides every upload.
 */
export async function loadDocuments(user: SignedInUser, awb: Pick<AirWaybill, "id">): Promise<{ rows: Attachment[] | null; error: ErrorCode | null; mayAttach: boolean }> {
  const listed = await listAttachments(user.api, awb.id);
  const { type, role } = user.access.user ?? { type: "visitor", role: "default" };
  const mayAttach = type === "platform" || (type === "forwarder" && role === "default") || (type === "airline" && (role === "default" || role === "manager"));
  return listed.ok ? { rows: listed.data.data, error: null, mayAttach } : { rows: null, error: listed.code, mayAttach };
}
