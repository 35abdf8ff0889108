import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStore } from "../../api/attachments/disk-store";
import { newStorageKey, type FileStore } from "../../api/attachments/file-store";
import { s3Store } from "../../api/attachments/s3-store";
import { fileStoreFrom } from "../../api/attachments/store-from-config";
import { loadConfig } from "../../api/config";

// Both attachment stores keep, give back and forget the same bytes: the directory, and an S3-compatible bucket spoken
// to over the real S3 protocol (s3rver on 127.0.0.1, SigV4-signed requests from aws4fetch).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-stores-"));
let s3: S3rver;
let endpoint = "";

beforeAll(async () => {
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(scratch, "s3"), configureBuckets: [{ name: "cargo-docs", configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const stores: Array<[string, () => FileStore]> = [
  ["directory", () => diskStore(path.join(scratch, "disk"))],
  ["S3 bucket", () => s3Store({ endpoint, bucket: "cargo-docs", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" })],
];

describe.each(stores)("the %s store", (_name, make) => {
  it("gives back exactly what it kept, and nothing once it is deleted", async () => {
    const store = make();
    const key = newStorageKey(new Date("2026-11-24T10:00:00Z"));
    expect(key).toMatch(/^attachments\/2026\/11\/[0-9a-f-]{36}$/);
    const bytes = new Uint8Array([0, 1, 2, 250, 255, ...Buffer.from("Накладная")]);
    await store.put(key, bytes, "application/pdf");
    expect(Buffer.from((await store.get(key))!)).toEqual(Buffer.from(bytes));
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // already gone: not an error
  });

  it("answers null for a key it never held", async () => {
    expect(await make().get(newStorageKey(new Date()))).toBeNull();
  });
});

describe("choosing the store from the settings", () => {
  it("a bucket without its endpoint and keys stops the start with the variables named", () => {
    const config = loadConfig({ ATTACHMENTS_S3_BUCKET: "docs" });
    expect(() => fileStoreFrom(config)).toThrow(/ATTACHMENTS_S3_ENDPOINT, ATTACHMENTS_S3_ACCESS_KEY_ID, ATTACHMENTS_S3_SECRET_ACCESS_KEY/);
  });

  it("the directory refuses a key that would leave it", async () => {
    await expect(diskStore(path.join(scratch, "disk")).put("../escape", new Uint8Array([1]), "text/plain")).rejects.toThrow(/outside/);
  });
});
