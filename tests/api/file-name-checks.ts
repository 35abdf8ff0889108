import { expect } from "vitest";
import { fileNameFromContentDisposition } from "../../cargo/files/content-disposition";

// What issue 21 item 9 promises of an attachment's name, as the API and abuse tests check it: the stored name has no
// control, bidi or invisible character and no path, ends in an extension of the kind its bytes are, and the download
// names it in a well-formed Content-Disposition (RFC 6266) that reads back as exactly that name.

/** C0, DEL, C1, bidi marks, embeddings, overrides and isolates, line and paragraph separators, zero-width space, BOM. */
export const FORBIDDEN_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\\/]/;

export function expectCleanStoredName(name: string, extensions: readonly string[]): void {
  expect(name, JSON.stringify(name)).not.toMatch(FORBIDDEN_IN_NAMES);
  expect(Array.from(name).length, name).toBeLessThanOrEqual(255);
  expect(name.trim(), "no surrounding spaces").toBe(name);
  const extension = name.match(/\.([^.]+)$/)?.[1]?.toLowerCase();
  expect(extensions, `${JSON.stringify(name)} ends in an extension of its kind`).toContain(extension);
}

// attachment; filename="<printable ASCII but " and \>" [; filename*=UTF-8''<attr-chars and %XX>]
const WELL_FORMED = /^attachment; filename="[\x20\x21\x23-\x5b\x5d-\x7e]*"(?:; filename\*=UTF-8''(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+)?$/;

export function expectWellFormedDisposition(header: string | undefined, storedName: string): void {
  expect(header, "a download names its file").toBeDefined();
  expect(header, JSON.stringify(header)).toMatch(WELL_FORMED);
  expect(fileNameFromContentDisposition(header!), "the header reads back as the stored name").toBe(storedName);
}
