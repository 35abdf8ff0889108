import { describe, expect, it } from "vitest";
import { cleanFileName, FALLBACK_FILE_NAME, FILE_NAME_MAX, fileExtension, fileNameForKind } from "./file-name";

describe("cleanFileName", () => {
  it.each([
    ["invoice 42.pdf", "invoice 42.pdf"],
    ["..\\..\\etc\\crate.png", "crate.png"],
    ["/home/user/docs/scan.pdf", "scan.pdf"],
    // U+202E shows "invoice\u202Efdp.exe" as "invoiceexe.pdf"
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["\u2066report\u2069\u200e\u200f\u202a\u202b\u202c\u202d.pdf", "report.pdf"],
    ["\u061cnote\u200b\ufeff.txt", "note.txt"],
    ["line one\nline\ttwo\r.pdf", "line one line two.pdf"],
    ["nul\u0000and del\u007f and c1\u0085\u009b.pdf", "nul and del and c1.pdf"],
    ["  . hidden.pdf .. ", "hidden.pdf"],
    ["e\u0301t\u00e9.pdf", "\u00e9t\u00e9.pdf"], // one spelling (NFC) of the same name
    ["счёт №5.pdf", "счёт №5.pdf"],
    ["a\ud800b.pdf", "ab.pdf"], // half a surrogate pair is no character
    ["", FALLBACK_FILE_NAME],
    ["\u202e\u0000 . ", FALLBACK_FILE_NAME],
    ["dir/", FALLBACK_FILE_NAME],
  ])("%j → %j", (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it("caps the length without losing the extension or splitting a character", () => {
    const long = cleanFileName(`${"😀".repeat(400)}.pdf`);
    expect(Array.from(long)).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith("😀.pdf")).toBe(true);
    expect(long).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("is idempotent", () => {
    for (const raw of ["a.pdf.html", "x\u202e.exe", `${"a".repeat(300)}. .pdf`, " .. "]) {
      expect(cleanFileName(cleanFileName(raw))).toBe(cleanFileName(raw));
    }
  });
});

describe("fileExtension", () => {
  it.each([
    ["a.PDF", "pdf"],
    ["report.v2", "v2"],
    ["Invoice No. 5", null],
    ["notes", null],
    ["a.pdf.html", "html"],
  ])("%j → %j", (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe("fileNameForKind", () => {
  const PDF = ["pdf"] as const;
  const JPEG = ["jpg", "jpeg"] as const;
  it.each([
    ["invoice.pdf", PDF, "invoice.pdf"],
    ["a.pdf.html", PDF, "a.pdf"],
    ["invoice.html", PDF, "invoice.pdf"],
    ["invoice\u202Efdp.exe", PDF, "invoicefdp.pdf"],
    ["invoice", PDF, "invoice.pdf"],
    ["Invoice No. 5", PDF, "Invoice No. 5.pdf"],
    ["scan.JPEG", JPEG, "scan.JPEG"],
    ["photo.png", JPEG, "photo.jpg"],
    ["photo.jpeg.png", JPEG, "photo.jpeg"],
    ["", PDF, "document.pdf"],
    ["..\\evil.pdf.exe", PDF, "evil.pdf"],
  ] as const)("%j as %j → %j", (raw, extensions, stored) => {
    expect(fileNameForKind(raw, extensions)).toBe(stored);
  });

  it("a name at the length cap still ends in the kind's extension", () => {
    const stored = fileNameForKind(`${"a".repeat(FILE_NAME_MAX)}.html`, ["pdf"]);
    expect(stored.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(stored).toMatch(/^a+\.pdf$/);
  });
});
