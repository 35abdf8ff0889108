import { describe, expect, it } from "vitest";
import { OFFER_ACTIONS, OFFER_GRAPH, OFFER_STATUSES, offerAllows, offerLapsed, offerStatusAfter } from "./offer-status";

describe("an offer's state graph", () => {
  it("goes created → sent → accepted → closed, and created or sent may close directly", () => {
    expect(offerStatusAfter("created", "send")).toBe("sent");
    expect(offerStatusAfter("sent", "accept")).toBe("accepted");
    expect(offerStatusAfter("accepted", "close")).toBe("closed");
    expect(offerAllows("created", "close")).toBe(true);
    expect(offerAllows("sent", "close")).toBe(true);
  });

  it("lets only a draft be edited or deleted", () => {
    for (const status of OFFER_STATUSES) {
      expect(offerAllows(status, "edit"), status).toBe(status === "created");
      expect(offerAllows(status, "delete"), status).toBe(status === "created");
    }
  });

  it("ships only under an accepted offer, which stays accepted after a waybill", () => {
    for (const status of OFFER_STATUSES) {
      expect(offerAllows(status, "create_awb"), status).toBe(status === "accepted");
      expect(offerAllows(status, "book"), status).toBe(status === "accepted");
    }
    expect(offerStatusAfter("accepted", "create_awb")).toBe("accepted");
  });

  it("never goes back: no action leads to created, and closed allows nothing", () => {
    expect(OFFER_GRAPH.closed).toEqual([]);
    expect(offerAllows("created", "accept")).toBe(false);
    expect(offerAllows("sent", "send")).toBe(false);
    for (const status of OFFER_STATUSES.filter((s) => s !== "created")) for (const action of OFFER_GRAPH[status]) expect(offerStatusAfter(status, action)).not.toBe("created");
    // every action of the graph is a known action
    for (const status of OFFER_STATUSES) for (const action of OFFER_GRAPH[status]) expect(OFFER_ACTIONS).toContain(action);
  });

  it("refuses sending and accepting after the valid_until day, and nothing else", () => {
    expect(offerLapsed("2026-05-01", "2026-05-01", "accept")).toBe(false);
    expect(offerLapsed("2026-05-01", "2026-05-02", "accept")).toBe(true);
    expect(offerLapsed("2026-05-01", "2026-05-02", "send")).toBe(true);
    expect(offerLapsed("2026-05-01", "2026-05-02", "create_awb")).toBe(false);
    expect(offerLapsed("2026-05-01", "2026-05-02", "close")).toBe(false);
    expect(offerLapsed(null, "2026-05-02", "accept")).toBe(false);
  });
});
