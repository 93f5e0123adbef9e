"""Racing and stopping over the worlds of a card-play decision (the expert's statistics).

A decision's worlds give rows: one value a card class (the class's cards are worth the same in
every world), ``None`` for a class no longer solved. Racing drops a class the worlds so far
put well behind (:func:`race`); a close decision draws more worlds (:func:`close`); both read
the same paired statistic (:func:`paired_lead`). See docs/ai.md.
"""

from __future__ import annotations

#: racing (card play): from RACE_MIN worlds on, a card class whose mean deficit to the best
#: class is more than ``race_z`` standard errors above zero is no longer solved in the worlds
#: after; a world's classes follow the worlds before the RACE_LAG that precede it (RACE_LAG
#: worlds are solving or waiting to be read while the next one is drawn: two threads keep
#: busy), so the cards chosen do not depend on the number of threads
RACE_MIN = 5
RACE_LAG = 4


def means(cards: list[int], rep: dict[int, int], index: dict[int, int],
           rows: list[list[int | None]]) -> dict[int, float]:
    """Each card's mean class value over the worlds ``rows`` that solved its class (a class
    that left the race early has fewer); a card of a class no world solved is left out."""
    out = {}
    for c in cards:
        values = [v for r in rows if (v := r[index[rep[c]]]) is not None]
        if values:
            out[c] = sum(values) / len(values)
    return out


def value(row: list[int | None], k: int) -> int:
    """The value of class ``k`` in a world's ``row``: a class still in the race has one."""
    v = row[k]
    assert v is not None
    return v


def race(rows: list[list[int | None]], active: list[int], index: dict[int, int],
          z: float) -> list[int]:
    """The card classes of ``active`` left in the race after the worlds ``rows`` (each a
    list of class values, by ``index``): a class leaves once its mean deficit to the
    class with the best mean, world by world, is more than ``z`` standard errors above
    zero (a one-sided test: a card the worlds so far put well behind stops costing a
    solve)."""
    n = len(rows)
    mean = {k: sum(value(r, index[k]) for r in rows) / n for k in active}
    lead = max(active, key=lambda k: (mean[k], -k))
    keep = []
    for k in active:
        if k != lead:
            m, var = paired_lead(rows, index[lead], index[k])
            if m > 0 and m * m * n > z * z * var:
                continue
        keep.append(k)
    return keep


def paired_lead(rows: list[list[int | None]], a: int, b: int) -> tuple[float, float]:
    """Class ``a``'s lead over class ``b`` (indices in each row of ``rows``, at least two
    worlds), world by world: its mean and sample variance (racing and the close-decision
    test read the same paired statistic)."""
    d = [value(r, a) - value(r, b) for r in rows]
    m = sum(d) / len(d)
    return m, sum((x - m) ** 2 for x in d) / (len(d) - 1)


def close(rows: list[list[int | None]], best: int, cols: list[int] | None = None) -> bool:
    """Whether the worlds so far (``rows``: one list of card-class values a world) leave
    the best class (index ``best``) within reach of another (of the indices ``cols``,
    default all: the classes still in the race): its mean lead over that class, world
    by world, is less than twice its standard error."""
    n = len(rows)
    if n < 2:
        return True
    for j in (range(len(rows[0])) if cols is None else cols):
        if j == best:
            continue
        m, var = paired_lead(rows, best, j)
        if var > 0 and m * m * n < 4 * var:
            return True
    return False
