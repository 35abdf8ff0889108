import { describe, expect, it } from "vitest";
import { SHIPMENT_ACTIONS, SHIPMENT_GRAPH, SHIPMENT_STATES, shipmentAllows, shipmentState, type ShipmentFacts, type ShipmentState } from "./shipment-state";
import { departureDue, departureTooEarlyParams, earliestDeparture } from "../flights/departure";

const none: ShipmentFacts = { issued: false, verified: false, voided: false, received: false, manifested: false, departed: false, arrived: false, delivered: false };
/** Facts of a shipment that went through each step up to `state`, the way the API records them. */
const FACTS: Record<ShipmentState, ShipmentFacts> = {
  draft: none,
  issued: { ...none, issued: true },
  received: { ...none, issued: true, received: true },
  manifested: { ...none, issued: true, received: true, manifested: true },
  departed: { ...none, issued: true, received: true, manifested: true, departed: true },
  arrived: { ...none, issued: true, received: true, manifested: true, departed: true, arrived: true },
  delivered: { ...none, issued: true, received: true, manifested: true, departed: true, arrived: true, delivered: true },
  voided: { ...none, issued: true, voided: true },
};

describe("shipmentState", () => {
  it("is the furthest step the facts show; voided whatever happened before", () => {
    for (const state of SHIPMENT_STATES) expect(shipmentState(FACTS[state])).toBe(state);
    expect(shipmentState({ ...FACTS.delivered, voided: true })).toBe("voided");
    // a departure without a recorded arrival still lets the destination deliver
    expect(shipmentState({ ...FACTS.issued, departed: true, delivered: true })).toBe("delivered");
  });
});

describe("the graph", () => {
  const allowed = (state: ShipmentState) => SHIPMENT_ACTIONS.filter((a) => shipmentAllows(FACTS[state], a));

  it("issues only a draft, and takes the issue back only before the cargo was received", () => {
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "issue"))).toEqual(["draft"]);
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "cancel_issue"))).toEqual(["issued"]);
    expect(shipmentAllows({ ...FACTS.issued, verified: true }, "cancel_issue")).toBe(false);
  });

  it("receives and manifests only issued cargo; voids nothing that is on a manifest or flying", () => {
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "receive"))).toEqual(["issued", "received", "manifested", "departed"]);
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "manifest"))).toEqual(["issued", "received", "manifested", "departed"]);
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "void"))).toEqual(["draft", "issued", "received"]);
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "depart"))).toEqual(["manifested", "departed"]);
  });

  it("records RCF, NFD and DLV only after a departure and before the delivery", () => {
    for (const step of ["rcf", "nfd", "deliver"] as const) expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], step))).toEqual(["departed", "arrived"]);
  });

  it("a delivered shipment allows only its document's edit and verification; a voided one only cancelling the void", () => {
    expect(allowed("delivered")).toEqual(["edit", "verify"]);
    expect(SHIPMENT_ACTIONS.filter((a) => shipmentAllows({ ...FACTS.delivered, verified: true }, a))).toEqual(["edit", "cancel_verify"]);
    expect(allowed("voided")).toEqual(["cancel_void"]);
  });

  it("verifies an issued waybill once, in any state from issued on", () => {
    expect(SHIPMENT_STATES.filter((s) => shipmentAllows(FACTS[s], "verify"))).toEqual(["issued", "received", "manifested", "departed", "arrived", "delivered"]);
    expect(shipmentAllows({ ...FACTS.received, verified: true }, "verify")).toBe(false);
    expect(shipmentAllows(FACTS.received, "cancel_verify")).toBe(false);
  });

  it("names only known actions", () => {
    for (const actions of Object.values(SHIPMENT_GRAPH)) for (const a of actions) expect(SHIPMENT_ACTIONS).toContain(a);
  });
});

describe("departureDue", () => {
  const std = new Date("2026-11-28T10:00:00Z");
  it("accepts a departure from 60 minutes before STD on, both the time given and the moment it is recorded", () => {
    expect(+earliestDeparture(std)).toBe(+new Date("2026-11-28T09:00:00Z"));
    expect(departureDue(std, new Date("2026-11-28T09:00:00Z"))).toBe(true);
    expect(departureDue(std, new Date("2026-11-28T08:59:00Z"))).toBe(false);
    expect(departureDue(std, new Date("2026-11-28T10:05:00Z"), new Date("2026-11-26T10:00:00Z"))).toBe(false);
  });
  it("names STD and the earliest departure in the origin's local time", () => {
    expect(departureTooEarlyParams(std, "Asia/Novosibirsk")).toMatchObject({ std_local: "2026-11-28T17:00+07:00", earliest_local: "2026-11-28T16:00+07:00", tolerance_minutes: 60 });
  });
});
