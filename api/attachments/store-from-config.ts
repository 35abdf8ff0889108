import type { ApiConfig } from "../config";
import { diskStore } from "./disk-store";
import type { FileStore } from "./file-store";
import { s3Store } from "./s3-store";

/** The attachment store the settings name: the bucket when ATTACHMENTS_S3_BUCKET is set (all of its settings then), else the directory. */
export function fileStoreFrom(config: ApiConfig): FileStore {
  if (!config.ATTACHMENTS_S3_BUCKET) return diskStore(config.ATTACHMENTS_DIR);
  const missing = (["ATTACHMENTS_S3_ENDPOINT", "ATTACHMENTS_S3_ACCESS_KEY_ID", "ATTACHMENTS_S3_SECRET_ACCESS_KEY"] as const).filter((k) => !config[k]);
  if (missing.length) throw new Error(`ATTACHMENTS_S3_BUCKET is set, so ${missing.join(", ")} must be set too`);
  return s3Store({
    endpoint: config.ATTACHMENTS_S3_ENDPOINT!,
    bucket: config.ATTACHMENTS_S3_BUCKET,
    region: config.ATTACHMENTS_S3_REGION,
    accessKeyId: config.ATTACHMENTS_S3_ACCESS_KEY_ID!,
    secretAccessKey: config.ATTACHMENTS_S3_SECRET_ACCESS_KEY!,
  });
}
