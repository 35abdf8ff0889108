import { AwsClient } from "aws4fetch";
import type { FileStore } from "./file-store";

export interface S3StoreOptions {
  /** The service's address, e.g. https://storage.example.net (path-style requests: endpoint/bucket/key). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Attachments in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Yandex Object Storage...). Requests are signed with
 * SigV4 by aws4fetch and use path-style addresses, which every S3-compatible service accepts.
 */
export function s3Store(opts: S3StoreOptions): FileStore {
  const client = new AwsClient({ accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region, service: "s3" });
  const urlOf = (key: string) => `${opts.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(opts.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text().catch(() => "")).slice(0, 300)}`);
  return {
    async put(key, bytes, contentType) {
      const response = await client.fetch(urlOf(key), { method: "PUT", body: bytes as unknown as BodyInit, headers: { "content-type": contentType } });
      if (!response.ok) throw await failed("PUT", response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: "GET" });
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failed("GET", response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await failed("DELETE", response);
      await response.arrayBuffer();
    },
  };
}
