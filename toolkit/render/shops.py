"""Print-on-demand shops (`pnp print --for mpc|tgc|drivethrucards`): each shop's card sizes as
data, and the per-card images written at the shop's pixel size with its bleed.

A shop prints its own card sizes in inches at 300 dpi; a layout's card is mapped to the
shop size within `MATCH_MM` of it on each side (a 63×88 mm poker card prints on a
2.5×3.5 in poker card, 63.5×88.9 mm: the image is scaled by under 1 %). A card size a shop
does not offer is refused (InputError naming the shop's sizes). A text box that comes
closer to the cut than the shop's safe zone is a located warning (deck, card, box,
layout).

Files: `<shop>/front/NNN-name-xK.png` (NNN the card's place in the deck, K its copies,
so the uploader's name order is the deck's order and the copies to order are in the
name), and the backs as `<shop>/back/back.png` when every card shares one back, else
`<shop>/back/NNN-name-xK.png` beside its front; `<shop>/cards.csv` lists the pairs.

Where each figure comes from is said beside it. No shop's own page is in the stored
pages this toolkit could read; the figures were checked against public projects that
quote the shops' pages (named in each comment). Figures marked "derived" follow the
shop's stated bleed rule (1/8 in at 300 dpi around its trim size) but were not seen in a
template of the shop's.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from toolkit.core.errors import InputError
from toolkit.core.outputs import write_bytes
from toolkit.render import png
from toolkit.render.display import DisplayList, Notice, card_name, evaluate
from toolkit.render.layout import Layout
from toolkit.render.output import save_png

DPI = 300
"""Every shop here asks for 300 dpi images."""
MATCH_MM = 1.5
"""A card maps to a shop size when each side is within this of the shop's trim."""
SAFE_SLACK = 0.05
"""A text box this little (mm) past the safe line is not reported (rounding)."""


@dataclass(frozen=True)
class ShopSize:
    """One card size a shop prints: name, trim in inches, the full image in px (bleed
    included) at 300 dpi, the bleed and the safe zone (from the cut line inwards) in px."""

    name: str
    trim_in: tuple[float, float]
    image_px: tuple[int, int]
    bleed_px: float
    safe_px: float

    @property
    def trim_mm(self) -> tuple[float, float]:
        """The trim size in mm."""
        return self.trim_in[0] * 25.4, self.trim_in[1] * 25.4


@dataclass(frozen=True)
class Shop:
    """A print-on-demand shop: its key (`--for`), name and card sizes."""

    key: str
    title: str
    sizes: tuple[ShopSize, ...]

    def size_for(self, width: float, height: float, round_: bool = False) -> ShopSize:
        """The shop size a card of `width` × `height` mm prints on; InputError naming the
        shop's sizes when it has none."""
        if not round_:
            for size in self.sizes:
                tw, th = size.trim_mm
                if abs(tw - width) <= MATCH_MM and abs(th - height) <= MATCH_MM:
                    return size
        offered = ", ".join(f"{s.name} {s.trim_in[0]:g}×{s.trim_in[1]:g} in" for s in self.sizes)
        what = f"round {width:g} mm tokens" if round_ else f"{width:g}×{height:g} mm cards"
        raise InputError(f"--for {self.key}: {self.title} does not print {what}; "
                         f"its card sizes are {offered}")


SHOPS: dict[str, Shop] = {
    "mpc": Shop("mpc", "MakePlayingCards", (
        # MakePlayingCards "Image upload FAQ" (makeplayingcards.com faq-photo page): poker
        # upload 822×1122 px at 300 dpi, 36 px bleed cut off each side, safe area a further
        # 36 px in (their red dotted line). Checked against public projects that quote that
        # page (an "MPC Print Prep" design spec: 750×1050 trim, 678×978 safe area).
        ShopSize("poker", (2.5, 3.5), (822, 1122), 36, 36),
        # Same FAQ page: tarot upload 897×1497 px, 36 px bleed, 36 px safe (quoted with
        # those numbers by a tarot deck's MPC print script).
        ShopSize("tarot", (2.75, 4.75), (897, 1497), 36, 36),
        # Derived: bridge 2.25×3.5 in with MPC's 36 px bleed; not seen in MPC's template.
        ShopSize("bridge", (2.25, 3.5), (747, 1122), 36, 36),
    )),
    "tgc": Shop("tgc", "The Game Crafter", (
        # The Game Crafter "Poker Card" template (PNG template linked from the Poker Deck
        # product page; help.thegamecrafter.com articles "Templates" and "Bleed"):
        # 825×1125 px, cut line 37.5 px (1/8 in) in, safe zone 75 px from the image edge.
        # Confirmed by Squib's `tgc_proofs` sample (825×1125, cut rect at 38 px, safe at
        # 75 px) and by a designer's blog on the template ("825px × 1125px").
        ShopSize("poker", (2.5, 3.5), (825, 1125), 37.5, 37.5),
        # Derived: bridge 2.25×3.5 in and tarot 2.75×4.75 in with TGC's 1/8 in bleed and
        # 1/8 in safe zone; not seen in TGC's templates.
        ShopSize("bridge", (2.25, 3.5), (750, 1125), 37.5, 37.5),
        ShopSize("tarot", (2.75, 4.75), (900, 1500), 37.5, 37.5),
    )),
    "drivethrucards": Shop("drivethrucards", "DriveThruCards", (
        # DriveThruCards (OneBookShelf publisher help) "Common Card Prep Issues &
        # Solutions": 1/8 in bleed on all sides, "for the U.S. Poker-sized cards (2.5 x
        # 3.5) your final layout size should be 2.75 x 3.75 with the bleed" (825×1125 px
        # at 300 dpi), and no text closer than 1/8 in to a finished edge (the safe zone).
        # That page is in the stored pages. DriveThruCards takes a PDF/X-1a (CMYK), not
        # PNG: these images are its content, to place into that PDF (see README).
        ShopSize("poker", (2.5, 3.5), (825, 1125), 37.5, 37.5),
        # Derived: tarot 2.75×4.75 in with the same 1/8 in bleed and safe zone.
        ShopSize("tarot", (2.75, 4.75), (900, 1500), 37.5, 37.5),
    )),
}
"""The shops `--for` knows, by key."""


def shop(key: str) -> Shop:
    """The shop for a `--for` value; InputError naming the known ones."""
    if key not in SHOPS:
        raise InputError(f"--for must be {', '.join(SHOPS)}, not '{key[:40]}'")
    return SHOPS[key]


@dataclass(frozen=True)
class Fit:
    """How one card size goes on a shop size: the shop size, the scale from the layout's
    mm to the shop's mm, and the bleed and safe zone in the layout's mm."""

    size: ShopSize
    scale: float
    bleed: float
    safe: float


def fit(size: ShopSize, width: float, height: float) -> Fit:
    """The mapping of a `width` × `height` mm card onto `size` (scaled to its width)."""
    scale = size.trim_mm[0] / width
    per_px = 25.4 / DPI / scale
    return Fit(size, scale, size.bleed_px * per_px, size.safe_px * per_px)


def safe_zone_warnings(deck: str, shop_: Shop, layouts: Sequence[tuple[Layout,
                       Mapping[str, Any]]]) -> list[Notice]:
    """A located warning for each text box (front and back) of each layout that comes
    closer to the cut than the shop's safe zone, naming the first card (of the given
    (layout, fields) pairs) that shows it."""
    out: list[Notice] = []
    seen: set[tuple[str, str, str]] = set()
    for lay, fields in layouts:
        shape = lay.shape
        place = fit(shop_.size_for(shape.width, shape.height, shape.round), shape.width,
                    shape.height)
        for side in ("front", "back"):
            for box in lay.boxes(side, fields):
                key = (lay.label, side, box.name)
                if box.kind != "text" or key in seen:
                    continue
                if box.when is not None and not box.when.holds(fields):
                    continue
                seen.add(key)
                room = min(box.x, box.y, shape.width - box.x - box.width,
                           shape.height - box.y - box.height)
                if room < place.safe - SAFE_SLACK:
                    name = card_name(fields)
                    out.append(Notice(
                        f"{deck} › card '{name}' › box '{box.name}' ({side}): {room:.1f} mm "
                        f"from the cut, inside {shop_.title}'s {place.safe:.1f} mm safe zone "
                        f"(text there may be cut off) ({lay.label})", name))
    return out


def render_side(dl: DisplayList, place: Fit) -> Image.Image:
    """One evaluated card side (with the shop's bleed) at the shop's exact pixel size,
    opaque (white under rounded corners)."""
    target = place.size.image_px
    image = png.render(dl, target[0] / (dl.width + 2 * dl.bleed) * 25.4)
    if image.mode == "RGBA":
        flat = Image.new("RGB", image.size, "white")
        flat.paste(image, mask=image.getchannel("A"))
        image = flat
    if image.size != target:
        image = image.resize(target, Image.Resampling.LANCZOS)
    return image


def write_cards(shop_: Shop, cards: Sequence[Any], names: Sequence[str], folder: Path,
                with_backs: bool = True) -> list[Path]:
    """Write every distinct card (`CardFace`s with parsed layouts; `names` their file
    stems, `NNN-name`) for the shop into `folder`: fronts, backs (one `back/back.png` when
    all share it) and `cards.csv` (front, back, copies, card). Returns the files written."""
    sides = []
    for card in cards:
        shape = card.layout.shape
        place = fit(shop_.size_for(shape.width, shape.height, shape.round), shape.width,
                    shape.height)
        front = evaluate(card.layout, card.fields, "front", bleed=place.bleed,
                         base_dir=card.base_dir)
        back = evaluate(card.layout, card.fields, "back", bleed=place.bleed,
                        base_dir=card.base_dir) if with_backs else None
        sides.append((place, front, back))
    one_back = len({back.look() for _, _, back in sides if back is not None}) == 1
    files: list[Path] = []
    backs: dict[tuple, str] = {}
    rows = [("front", "back", "copies", "card")]
    for card, name, (place, front, back) in zip(cards, names, sides, strict=True):
        stem = f"{name}-x{card.copies}"
        files.append(save_png(folder / "front" / f"{stem}.png", render_side(front, place), DPI))
        if back is not None and back.look() not in backs:
            file = "back.png" if one_back else f"{stem}.png"
            files.append(save_png(folder / "back" / file, render_side(back, place), DPI))
            backs[back.look()] = f"back/{file}"
        rows.append((f"front/{stem}.png", backs[back.look()] if back is not None else "",
                     str(card.copies), card_name(card.fields)))
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    files.append(write_bytes(folder / "cards.csv", buffer.getvalue().encode()))
    return files
