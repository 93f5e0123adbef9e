// Seat geometry: where each seat is from the person's own, the one thing of the table the
// page works out itself. The engine's order (belote.i18n.labels.seat_word): play turns to the
// right, so the next seat is on the right, then the partner opposite, then the left; tested
// against Python (tests/test_front_ends_shared.py).

// "you", "right", "partner" or "left": seat as the person at seat `me` calls it.
export function relativeSeat(seat, me) {
  return ["you", "right", "partner", "left"][(seat - me + 4) % 4];
}

// Where seat is drawn: the person at the bottom ("south"), the next to play on the right.
export function screenPlace(seat, me) {
  return ["south", "east", "north", "west"][(seat - me + 4) % 4];
}

// The team of a seat (0: seats 0 and 2).
export function teamOf(seat) {
  return seat % 2;
}
