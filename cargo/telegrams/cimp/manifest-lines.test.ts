import { describe, expect, it } from "vitest";
import { parseTelegram } from "../parse-telegram";
import type { FfmManifest } from "./ffm";
import { manifestShcs, natureOfGoods } from "./manifest-lines";

describe("a stored shipment as a manifest line carries it", () => {
  it("writes the nature of goods in upper case, within 15 characters, without what a Type-B line cannot carry", () => {
    expect(natureOfGoods("spare parts")).toBe("SPARE PARTS");
    expect(natureOfGoods("  Auto/parts; new  ")).toBe("AUTO PARTS NEW");
    expect(natureOfGoods("CONSOLIDATION AS PER MANIFEST")).toBe("CONSOLIDATION A");
    expect(natureOfGoods("ELECTRONICS     X")).toBe("ELECTRONICS X");
    expect(natureOfGoods("ABCDEFGHIJKLMN  Z")).toBe("ABCDEFGHIJKLMN");
    expect(natureOfGoods("Запчасти")).toBe("");
    expect(natureOfGoods(null)).toBe("");
  });

  it("keeps the special handling codes a line can carry, each once", () => {
    expect(manifestShcs(["eap", "PER", " COL ", "PER", "TOOLONG", "", "X"])).toEqual(["EAP", "PER", "COL"]);
  });

  it("gives lines the codec reads back unchanged", () => {
    const nature = natureOfGoods("frozen fish / chilled");
    const text = `FFM/8\n1/S70101/28NOV/DME\nLED\n421-12345675DMELED/T2K50.0/${nature}\n/${manifestShcs(["per", "col"]).join("/")}\nLAST`;
    const parsed = parseTelegram(text);
    expect(parsed.errors).toEqual([]);
    expect((parsed.message as FfmManifest).points[0]!.bulk[0]).toMatchObject({ commodity: "FROZEN FISH CHI", shcs: ["PER", "COL"] });
  });
});
