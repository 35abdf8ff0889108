import { describe, expect, it } from "vitest";
import { contentDisposition, dispositionType, fileNameFromContentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("names a printable ASCII file with filename= alone", () => {
    expect(contentDisposition("invoice 42.pdf")).toBe('attachment; filename="invoice 42.pdf"');
    expect(contentDisposition("awb.pdf", "inline")).toBe('inline; filename="awb.pdf"');
  });

  it("adds filename* (RFC 8187) beside an ASCII stand-in for any other name", () => {
    expect(contentDisposition("счёт №5.pdf")).toBe(
      "attachment; filename=\"____ _5.pdf\"; filename*=UTF-8''%D1%81%D1%87%D1%91%D1%82%20%E2%84%965.pdf",
    );
    // a quote cannot stand in a quoted string unescaped; ' ( ) * are not attr-chars
    expect(contentDisposition(`it's "a" (b)*.pdf`)).toBe(
      "attachment; filename=\"it's _a_ (b)*.pdf\"; filename*=UTF-8''it%27s%20%22a%22%20%28b%29%2A.pdf",
    );
  });

  it("cleans the name first: no control or bidi character, no path reaches the header", () => {
    expect(contentDisposition("..\\x\r\nSet-Cookie: a=b\u202e.pdf")).toBe('attachment; filename="x Set-Cookie: a=b.pdf"');
  });
});

describe("fileNameFromContentDisposition", () => {
  it.each([
    ['attachment; filename="a.pdf"', "a.pdf"],
    ["inline; filename=plain.pdf", "plain.pdf"],
    ["attachment; filename=\"x.pdf\"; filename*=UTF-8''%E2%84%96.pdf", "№.pdf"],
    ["attachment; filename*=utf-8'en'%E2%84%96.pdf; filename=\"x.pdf\"", "№.pdf"],
    ["attachment; filename*=ISO-8859-1''%E9t%E9.pdf", "été.pdf"],
    ["attachment; filename*=UTF-8''%E2%84.pdf; filename=\"fallback.pdf\"", "fallback.pdf"],
    ['attachment; filename="a\\"b;c.pdf"', 'a"b;c.pdf'],
    ["attachment", null],
    ["", null],
  ])("%j → %j", (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it("reads back what contentDisposition writes", () => {
    for (const name of ["invoice 42.pdf", "счёт №5.pdf", `it's "a" (b)*.pdf`, "😀.png"]) {
      expect(fileNameFromContentDisposition(contentDisposition(name))).toBe(name);
    }
  });
});

describe("dispositionType", () => {
  it.each([
    ['inline; filename="a.pdf"', "inline"],
    ["INLINE", "inline"],
    ['attachment; filename="a.pdf"', "attachment"],
    ["form-data; name=x", "attachment"],
    ["", "attachment"],
  ] as const)("%j → %j", (header, type) => {
    expect(dispositionType(header)).toBe(type);
  });
});
