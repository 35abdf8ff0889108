/**
 * How each journey ended, per journey: completed (every step did what a user wanted), idle (nothing to do: no
 * request to answer, no cargo to receive), refused (the product said no for a reason a user can read and the journey
 * expects: the flight is full, the request was answered meanwhile), failed (an answer the journey did not expect, or
 * none). Only completed journeys count as successes; journeys the end of the run cut short are started and nothing else.
 */

export type Outcome = "completed" | "idle" | "refused" | "failed";

export interface JourneyFigures {
  journey: string;
  started: number;
  completed: number;
  idle: number;
  refused: number;
  failed: number;
  /** Why journeys were idle, refused or failed, with counts ("no flight offered": 12). */
  reasons: Record<string, number>;
}

export class JourneyTally {
  private readonly journeys = new Map<string, JourneyFigures>();

  private of(journey: string): JourneyFigures {
    let figures = this.journeys.get(journey);
    if (!figures) this.journeys.set(journey, (figures = { journey, started: 0, completed: 0, idle: 0, refused: 0, failed: 0, reasons: {} }));
    return figures;
  }

  started(journey: string): void {
    this.of(journey).started++;
  }

  ended(journey: string, outcome: Outcome, reason?: string): void {
    const figures = this.of(journey);
    figures[outcome]++;
    if (reason) figures.reasons[reason] = (figures.reasons[reason] ?? 0) + 1;
  }

  figures(): JourneyFigures[] {
    return [...this.journeys.values()];
  }
}
