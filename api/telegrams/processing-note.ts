/**
 * What applying a telegram did, line by line (issue 23): the telegram's processing_notes, each a stable code with
 * its params (the pages word it in the reader's language, telegrams.json "processing"), and the status it ends in.
 */
export interface ProcessingNote {
  code: string;
  params?: Record<string, string | number>;
}

export interface ProcessingOutcome {
  /** processed: every line applied or already there; rejected: some line the records refused (its note says why). */
  status: "processed" | "rejected";
  notes: ProcessingNote[];
  /** The flight the telegram turned out to be about (an MVT's segment), kept on the telegram. */
  segment_id?: number;
}
