/**
 * How long after an interval starts a different value may still replace the stored one (a
 * meter's own late correction). Past it the stored value stands and the reading is refused;
 * event settlement re-runs on late data for the same seven days (decision 031), and a season's
 * held points become final once its last events are past it (event-season.ts).
 */
export const CORRECTION_WINDOW_DAYS = 7;
