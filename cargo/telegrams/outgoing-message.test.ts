import { describe, expect, it } from "vitest";
import { element } from "./cimp/cimp-fields";
import { groupAddresses, OUTGOING_STATUSES, outgoingAllows, telegramText } from "./outgoing-message";

describe("an outgoing telegram", () => {
  it("may be sent again once sent or failed, never while the queue holds it", () => {
    expect(outgoingAllows("queued", "resend")).toBe(false);
    expect(outgoingAllows("sent", "resend")).toBe(true);
    expect(outgoingAllows("failed", "resend")).toBe(true);
    expect(OUTGOING_STATUSES).toEqual(["queued", "sent", "failed"]);
  });

  it("groups addresses by channel, once each, and lists what is not an address with its code", () => {
    const groups = groupAddresses(["ops@s7.example", "mowfms7", "https://hooks.s7.example/fwb", "ops@s7.example", "https://localhost/x", "nonsense"]);
    expect(groups).toEqual({
      email: ["ops@s7.example"],
      sita: ["MOWFMS7"],
      url: ["https://hooks.s7.example/fwb"],
      invalid: [
        { address: "https://localhost/x", code: "internal_url" },
        { address: "nonsense", code: "invalid_address" },
      ],
    });
  });

  it("writes any text of the product so that a telegram element takes it", () => {
    expect(telegramText("ООО «Сибирская рыба», Новосибирск")).toBe("OOO SIBIRSKAIA RYBA , NOVOSIBIRSK");
    expect(telegramText("Crème brûlée / dessert\nline two", 100)).toBe("CREME BRULEE DESSERT LINE TWO");
    expect(telegramText("  ")).toBeNull();
    expect(telegramText("a".repeat(50))).toHaveLength(35);
    for (const sample of ["Ж/Д № 5 ½", "😀 emoji", "tab\there", "ß straße"]) {
      const written = telegramText(sample, 100);
      if (written !== null) expect(element("sample", written)).toBe(written);
    }
  });
});
