// The flight page's message tabs (spec 1 §2 "Flight page tabs": FBL, FFM, UWS; issue 23): plain values shared by the
// route, its server helpers and the tab component. FBL and FFM have a document (spec 3 §7 /fbl.pdf, /ffm.pdf), the FBL
// also its correspondence letter (/fbl/correspondence.pdf), the UWS its XML (/uws.xml), served by the BFF under
// /dashboard/flights/:id/.

export const SEGMENT_MESSAGE_TABS = ["fbl", "ffm", "uws"] as const;
export type SegmentMessageTab = (typeof SEGMENT_MESSAGE_TABS)[number];

export const SEGMENT_DOCUMENT_TABS = ["fbl", "ffm"] as const satisfies readonly SegmentMessageTab[];
export type SegmentDocumentTab = (typeof SEGMENT_DOCUMENT_TABS)[number];

export const isSegmentMessageTab = (tab: string): tab is SegmentMessageTab => (SEGMENT_MESSAGE_TABS as readonly string[]).includes(tab);

/** A file a message tab offers: its document (fbl.pdf, ffm.pdf), the FBL's correspondence letter, the UWS as XML. */
export interface SegmentFileLink {
  key: "document" | "correspondence" | "xml";
  href: string;
}

/** The files of a tab's message, as the BFF serves them under the flight page (spec 3 §7, §9 default names). */
export function segmentFileLinks(segmentId: number, tab: SegmentMessageTab): SegmentFileLink[] {
  const base = `/dashboard/flights/${segmentId}`;
  const links: SegmentFileLink[] = (SEGMENT_DOCUMENT_TABS as readonly string[]).includes(tab) ? [{ key: "document", href: `${base}/${tab}.pdf` }] : [];
  if (tab === "fbl") links.push({ key: "correspondence", href: `${base}/fbl/correspondence.pdf` });
  if (tab === "uws") links.push({ key: "xml", href: `${base}/uws.xml` });
  return links;
}

/** The flight page's intent that sends the tab's telegram. */
export const SEND_TELEGRAM_INTENT = "send_telegram";
