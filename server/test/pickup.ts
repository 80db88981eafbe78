/** A pickup time ready food without a window always accepts: tomorrow, at the clock's hour. */
export function pickupTomorrow(clock: { now(): Date }): Date {
  return new Date(clock.now().getTime() + 24 * 60 * 60 * 1000);
}
