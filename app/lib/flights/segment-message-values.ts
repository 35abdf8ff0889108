// The flight page's message tabs (spec 1 §2 "Flight page tabs": FBL, FFM, UWS; issue 23): plain values shared by the
// route, its server helpers and the tab component. FBL and FFM have a document (spec 3 §7 /fbl.pdf, /ffm.pdf), served
// by the BFF at /dashboard/flights/:id/<tab>.pdf.

export const SEGMENT_MESSAGE_TABS = ["fbl", "ffm", "uws"] as const;
export type SegmentMessageTab = (typeof SEGMENT_MESSAGE_TABS)[number];

export const SEGMENT_DOCUMENT_TABS = ["fbl", "ffm"] as const satisfies readonly SegmentMessageTab[];
export type SegmentDocumentTab = (typeof SEGMENT_DOCUMENT_TABS)[number];

export const isSegmentMessageTab = (tab: string): tab is SegmentMessageTab => (SEGMENT_MESSAGE_TABS as readonly string[]).includes(tab);

/** The document's link on the flight page, or null for a message without one (UWS). */
export function segmentDocumentHref(segmentId: number, tab: SegmentMessageTab): string | null {
  return (SEGMENT_DOCUMENT_TABS as readonly string[]).includes(tab) ? `/dashboard/flights/${segmentId}/${tab}.pdf` : null;
}

/** The flight page's intent that sends the tab's telegram. */
export const SEND_TELEGRAM_INTENT = "send_telegram";
