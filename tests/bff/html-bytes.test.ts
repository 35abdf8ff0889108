/**
 * Server-rendered pages never carry a NUL byte. React 18.3's stream renderer emitted the unused tail of its 2 KiB
 * buffer as NULs whenever a multi-byte character met the buffer's end, so Russian pages showed "�" inside words
 * (app/lib/http/drop-nul-bytes.server.ts). Large Russian pages of every kind are read whole and searched.
 */
import { describe, expect, it } from "vitest";
import { dropNulBytes } from "../../app/lib/http/drop-nul-bytes.server";
import { useBff } from "./harness";

const bff = useBff();

describe("rendered HTML", () => {
  it("Russian pages carry no NUL byte, however their text meets React's buffer", async () => {
    const ru = await bff.signedIn("s7.localhost", "s7.manager@cargodesk.test", { locale: "ru" });
    for (const page of ["/dashboard/flights/tabs/all?date_from=2026-12-10&date_to=2026-12-01", "/dashboard/air-waybills?tab=all", "/dashboard/bookings", "/dashboard/settings/agreements"]) {
      const answer = await ru.request("s7.localhost", page);
      expect(answer.status, page).toBe(200);
      expect(answer.body.length, page).toBeGreaterThan(20_000);
      expect(answer.body.indexOf("\u0000"), page).toBe(-1);
    }
  });

  it("the filter drops exactly the NUL bytes", async () => {
    const filter = dropNulBytes();
    const out: Buffer[] = [];
    filter.on("data", (chunk: Buffer) => out.push(chunk));
    const done = new Promise((resolve) => filter.on("end", resolve));
    filter.write(Buffer.concat([Buffer.from("раньш"), Buffer.from([0, 0]), Buffer.from("е")]));
    filter.end(Buffer.from(" даты"));
    await done;
    expect(Buffer.concat(out).toString("utf8")).toBe("раньше даты");
  });
});
