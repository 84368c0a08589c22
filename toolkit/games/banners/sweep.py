"""The Battle of Banners' set-ups for `pnp sweep`: the item deck, one kind left out or doubled.

Banners has no decks to build: both sides play one board and draw from one shared item
deck ("Land on a keep space to receive 1 item card"; "Shuffle the item cards before every
play"). Its designer asks "whether the board is fair to both sides ... and which items
decide games". Boards are compared by `pnp tournament banners --deck FILE` (every board
sheet of a workbook is a set-up); a sweep asks what each kind of item does, so it varies
the item deck on one board:

- the deck as the workbook gives it (the book's 16 kinds and 54 cards in the bundled one);
- for each kind (each row of the `Items` sheet, by its `Name`), the deck without it;
- for each kind, the deck with its copies doubled (Extra Strength 12 instead of 6).

That is 2k + 1 set-ups for a deck of k kinds (33 for the book's). Every one is a legal
workbook: the validator's errors concern names, colours and effects, which do not change;
a count other than the book's is only a warning (`banners.items.effect-count`,
`banners.items.count`: "A custom deck is allowed"). The board is the workbook's first
board sheet, or the one named by `--catalog FILE#SHEET`; the pieces are the workbook's.
`--sample K` draws K of the set-ups uniformly (`all`, or K >= 2k + 1: every one), listed
in the order above. Each set-up is one table played by both sides (`--players 2` 1v1,
`4` 2v2), scored by side 1's win rate (the balance commands' rule for shared set-ups), so
an item's importance is how much side 1's win rate moves between the set-ups that hold
it and those without it: on a board that is the same for both sides it should be none,
and a measured tilt says the item helps one side's half of the board. Which items decide
games is told by the engine's own count over the same games (the report's `game_stats`:
the win rate of the side that played each item).

A set-up's cards are its item names, one per card (54 for the book's deck); `pnp compare`
rebuilds such a list under another workbook item by item (by `Name`, any case) and drops a
list naming an item that workbook does not have. Set-ups are named by how they differ from
the workbook's deck: `as given`, `without Horse`, `Horse doubled` (`Horse ×3` otherwise).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from toolkit.balance.pool import DeckPool, SweepRequest, composition_key
from toolkit.core.registry import ValidateRequest
from toolkit.core.sheets import split_file_arg
from toolkit.games.banners.deck import DEFAULT_FILE, ItemDeck, LoadedGame, load_decks
from toolkit.games.banners.models import Item


def variants(deck: ItemDeck) -> list[list[tuple[Item, int]]]:
    """The set-ups' item decks in order: as given, then per kind without it and doubled."""
    out = [list(deck.items)]
    for index, (_, copies) in enumerate(deck.items):
        out.append(deck.items[:index] + deck.items[index + 1:])
        doubled = list(deck.items)
        doubled[index] = (doubled[index][0], 2 * copies)
        out.append(doubled)
    return out


def describe(items: list[tuple[Item, int]], base: ItemDeck) -> str:
    """A set-up's name: how its item deck differs from the workbook's."""
    have = {item.name: n for item, n in items}
    parts = []
    for item, n in base.items:
        mine = have.get(item.name, 0)
        if mine == 0:
            parts.append(f"without {item.name}")
        elif mine == 2 * n:
            parts.append(f"{item.name} doubled")
        elif mine != n:
            parts.append(f"{item.name} ×{mine}")
    return ", ".join(parts) or "as given"


def rebuild(names: tuple[str, ...], base: ItemDeck) -> list[tuple[Item, int]] | None:
    """A list of item names (one per card) as this deck's items, in the deck's order; None
    when it names an item the deck does not have."""
    counts = Counter(name.casefold() for name in names)
    known = {item.name.casefold(): item for item, _ in base.items}
    if set(counts) - set(known):
        return None
    return [(item, counts[item.name.casefold()]) for item, _ in base.items
            if counts[item.name.casefold()]]


def sweep_decks(request: SweepRequest) -> DeckPool:
    """The `PlaySpec.sweep` hook (see toolkit/balance/pool.py and the module docstring)."""
    # A balance command that already loaded and validated the workbook may hand over its
    # board as `shared` (toolkit/balance/pool.py on the main branch): the set-ups are then
    # made on that board; otherwise the hook reads `--catalog FILE[#SHEET]` itself.
    board = getattr(request, "shared", None)
    if board is not None:
        return _setups(request, board)
    path, sheet = split_file_arg(str(request.catalog)) if request.catalog is not None \
        else (DEFAULT_FILE, None)
    result, games = load_decks(ValidateRequest(Path(path), sheet, None, request.format))
    if sheet is None and len(games) > 1:  # the first board only: the others do not count
        result, games = load_decks(ValidateRequest(Path(path), games[0].name))
    if not result.valid or not games:
        return DeckPool(report=result)
    return _setups(request, games[0])


def _setups(request: SweepRequest, board: LoadedGame) -> DeckPool:
    """The set-ups on one validated board (the module docstring)."""
    where = f"{board.file} › {board.name}"
    base = board.items
    setups = variants(base)
    pool = DeckPool(total=len(setups), price_label="price")
    if request.compositions is not None:
        chosen = []
        for names in request.compositions:
            items = rebuild(names, base)
            if items is None:
                pool.dropped.append(tuple(names))
            else:
                chosen.append(items)
        pool.method = (f"The same {len(request.compositions)} item decks as the other "
                       f"version, on {where}; {len(pool.dropped)} of them name items "
                       f"{board.file} does not have.")
    else:
        if request.sample is None or request.sample >= len(setups):
            chosen = setups
            pool.method = (f"Every one of the {len(setups)} item decks made from {where}'s "
                           f"{base.size} cards of {len(base.items)} kinds: as given, each "
                           "kind left out, each kind doubled.")
        else:
            numbers = sorted(request.rng.sample(range(len(setups)), request.sample))
            chosen = [setups[n] for n in numbers]
            pool.method = (f"{request.sample} of the {len(setups)} item decks made from "
                           f"{where}'s {base.size} cards of {len(base.items)} kinds (as "
                           "given, each kind left out, each kind doubled), drawn uniformly.")
    for items in chosen:
        deck = ItemDeck(items, base.source)
        pool.decks.append(replace(board, name=describe(items, base), items=deck))
        pool.cards.append(composition_key([item.name for item, n in items
                                           for _ in range(n)]))
    return pool

