"""Battle Gate's decks for `pnp sweep`: legal decks drawn from a list of cards.

Battle Gate has no catalog: "Each player has 100 character points to spend on the cards
in each of their decks", "each point of power costs one character point", and "Decks can
be anywhere from 17-100 cards". So the sweep's "catalog" is a card list: every distinct
card (name, class, power) of a deck file's sheets (`--catalog FILE`; the bundled
toolkit/games/battlegate/content/decks.xlsx by default), and a generated deck is built from those cards.

What makes a deck meaningful here (our choice, documented in the README):

- its size is drawn uniformly from `SIZES` (17 to 60 cards: the rulebook allows up to
  100, but past about 60 cards every card has power 1 or 2 and games drag on; the bundled
  decks hold 19 to 61);
- its class mix is drawn at random (three uniform weights, normalised), so decks range
  from nearly all soldiers to minion walls and assassin swarms;
- it is filled card by card: the class by those weights, then a card of that class whose
  power keeps the deck completable to exactly 100 points with the cards left ("each deck
  is 100 points"), preferring powers near the points still to spend per card;
- a deck that can never attack or never defend ("Minion: May defend but not attack",
  "Assassin: May attack but not defend") is drawn again: it cannot win, which tells a
  designer nothing.

Every legal deck cannot be listed (there are astronomically many), so the hook needs
`--sample K`. Decks are named `D<n> <size>c S<soldiers> M<minions> A<assassins>`.
"""

from __future__ import annotations

from pathlib import Path
from random import Random

from toolkit.balance.pool import DeckPool, SweepRequest, composition_key
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.games.battlegate.deck import (
    DECK_POINTS,
    FORMAT,
    MAX_CARDS,
    MIN_CARDS,
    LoadedDeck,
    load_decks,
)
from toolkit.games.battlegate.models import Card
from toolkit.games.battlegate.printing import BUNDLED

SIZES = (MIN_CARDS, 60)
"""Deck sizes drawn (inclusive), see the module docstring."""
ATTEMPTS = 200
"""Draws of one deck before the card list is declared unable to make legal decks."""
CLASSES = ("Soldier", "Minion", "Assassin")


def card_pool(path: Path) -> tuple[dict[str, Card], object]:
    """Every distinct card of a deck file by name (a name used for cards of another class
    or power gets that class and power added), and the file's validation result."""
    result, decks = load_decks(ValidateRequest(path))
    cards: dict[str, Card] = {}
    for deck in decks:
        for card in deck.cards:
            name = card.name
            known = cards.get(name)
            if known is not None and (known.klass, known.power) != (card.klass, card.power):
                name = f"{card.name} ({card.klass} {card.power})"
            cards.setdefault(name, card.model_copy(update={"name": name}))
    return cards, result


def legal(cards: list[Card]) -> bool:
    """The construction rules: 100 points, 17 to 100 cards."""
    return (sum(c.power for c in cards) == DECK_POINTS
            and MIN_CARDS <= len(cards) <= MAX_CARDS)


def draw_deck(pool: dict[str, Card], rng: Random) -> list[Card] | None:
    """One meaningful legal deck from the pool (module docstring), or None if this draw
    could not be completed."""
    by_class = {k: [c for c in pool.values() if c.klass == k] for k in CLASSES}
    size = rng.randint(*SIZES)
    weights = [rng.random() for _ in CLASSES]
    budget, out = DECK_POINTS, []
    for slot in range(size):
        left = size - slot - 1
        low, high = max(1, budget - 6 * left), min(6, budget - left)
        fits = {k: [c for c in by_class[k] if low <= c.power <= high] for k in CLASSES}
        classes = [k for k in CLASSES if fits[k]]
        if not classes:
            return None
        klass = rng.choices(classes, [weights[CLASSES.index(k)] + 1e-9 for k in classes])[0]
        target = budget / (left + 1)
        options = fits[klass]
        card = rng.choices(options, [1 / (1 + abs(c.power - target)) for c in options])[0]
        out.append(card)
        budget -= card.power
    if not any(c.can_attack for c in out) or not any(c.can_defend for c in out):
        return None
    return out if legal(out) else None


def _name(number: int, cards: list[Card]) -> str:
    counts = {k: sum(c.klass == k for c in cards) for k in CLASSES}
    return (f"D{number:02d} {len(cards)}c S{counts['Soldier']} M{counts['Minion']} "
            f"A{counts['Assassin']}")


def sweep_decks(request: SweepRequest) -> DeckPool:
    """The `PlaySpec.sweep` hook (see toolkit/balance/pool.py and the module docstring)."""
    if request.format is not None and request.format.strip().casefold() != FORMAT:
        raise InputError(f"Battle Gate has one format, '{FORMAT}'; got '{request.format}'")
    path = Path(request.catalog) if request.catalog else BUNDLED
    pool_cards, result = card_pool(path)
    if any(p.severity == "error" and p.rule.startswith("battlegate.card.")
           for d in result.decks for p in d.report.problems):
        return DeckPool(report=result)
    if not pool_cards:
        raise InputError(f"{path} lists no usable card to build decks from")
    prices = {name: float(card.power) for name, card in pool_cards.items()}
    pool = DeckPool(prices=prices, price_label="power", format=FORMAT)
    decks: list[list[Card]] = []
    if request.compositions is not None:
        for names in request.compositions:
            cards = [pool_cards.get(n) for n in names]
            if any(c is None for c in cards) or not legal(cards):
                pool.dropped.append(tuple(names))
            else:
                decks.append(cards)
        pool.method = (f"The same {len(request.compositions)} decks as the other version; "
                       f"{len(pool.dropped)} of them are not legal with the cards of {path.name}.")
    else:
        if request.sample is None:
            raise InputError("Battle Gate's legal decks are far too many to list (any 17 to "
                             "100 cards costing 100 points); give --sample K")
        seen: set[tuple[str, ...]] = set()
        while len(decks) < request.sample:
            for _ in range(ATTEMPTS):
                cards = draw_deck(pool_cards, request.rng)
                if cards is not None and composition_key([c.name for c in cards]) not in seen:
                    break
            else:
                raise InputError(f"the {len(pool_cards)} cards of {path.name} cannot make "
                                 f"{request.sample} different legal decks (100 points, "
                                 f"{SIZES[0]} to {SIZES[1]} cards, able to attack and defend)")
            seen.add(composition_key([c.name for c in cards]))
            decks.append(cards)
        pool.method = (f"{request.sample} decks of {SIZES[0]} to {SIZES[1]} cards drawn from "
                       f"the {len(pool_cards)} cards of {path.name}: random class mix, "
                       "filled to exactly 100 points, each able to attack and defend.")
    for number, cards in enumerate(decks, 1):
        pool.decks.append(LoadedDeck(_name(number, cards), FORMAT, cards, None, True,
                                     str(path)))
        pool.cards.append(composition_key([c.name for c in cards]))
    return pool
