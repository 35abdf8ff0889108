import fc from "fast-check";
// a strict XML 1.0 parser (exceljs reads workbooks with it): what it accepts, any reader does
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { escapeXml, itemName, xmlDocument, xmlName } from "./xml";

/** The document's texts in order, as a strict parser reads them; throws on anything that is not well-formed XML. */
function textsOf(xml: string): string[] {
  const parser = new SaxesParser();
  const texts: string[] = [];
  let error: Error | null = null;
  parser.on("error", (e) => {
    error ??= e;
  });
  parser.on("text", (t) => {
    if (t.trim()) texts.push(t);
  });
  parser.write(xml).close();
  if (error) throw error;
  return texts;
}

describe("escapeXml and xmlDocument", () => {
  it("escapes markup and drops what XML cannot carry, so hostile text stays text", () => {
    expect(escapeXml(`<b a="1">&'x'</b>`)).toBe("&lt;b a=&quot;1&quot;&gt;&amp;&apos;x&apos;&lt;/b&gt;");
    expect(escapeXml("nul\u0000 bell\u0007 tab\t ok\ufffe\ud800!")).toBe("nul bell tab\t ok!");
    expect(escapeXml("]]><!--")).toBe("]]&gt;&lt;!--");
    // a character beyond the basic plane is a surrogate pair: kept whole
    expect(escapeXml("box 📦")).toBe("box 📦");
  });

  it("writes objects as elements, lists as items, null as nil; any text reads back as written", () => {
    const xml = xmlDocument("uws", { flight: "S70101", ulds: [{ uld_number: "AKE12345S7", weight: 120 }], bulk: [], si: null, skipped: undefined }, { id: 'A"1' });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<uws id="A&quot;1">',
        "  <flight>S70101</flight>",
        "  <ulds>",
        "    <uld>",
        "      <uld_number>AKE12345S7</uld_number>",
        "      <weight>120</weight>",
        "    </uld>",
        "  </ulds>",
        "  <bulk/>",
        '  <si nil="true"/>',
        "</uws>",
        "",
      ].join("\n"),
    );
    fc.assert(
      // any UTF-16 code units: controls, markup, lone surrogates and pairs alike
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units)), (text) => {
        const read = textsOf(xmlDocument("doc", { text: `[${text}]` }));
        expect(read.join("")).toBe(`[${text}]`.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "").replace(/\r\n?/g, "\n"));
      }),
      { numRuns: 200 },
    );
  });

  it("makes any key an element name", () => {
    expect(xmlName("uld number")).toBe("uld_number");
    expect(xmlName("1st")).toBe("_1st");
    expect(xmlName("xmlns")).toBe("_xmlns");
    expect(xmlName("")).toBe("_");
    expect(["ulds", "entries", "statuses", "addresses", "house_waybills", "address", "status", "bulk"].map(itemName)).toEqual(["uld", "entry", "status", "address", "house_waybill", "item", "item", "item"]);
    expect(() => textsOf(xmlDocument("<doc>", { "a b": 1, "<x>": [1, 2], "": true }))).not.toThrow();
  });
});
