"""A recorded game as one self-contained HTML file.

The file holds everything inline (SVG pictures, CSS, a small script) and fetches nothing:
no network, no external font, and a Content-Security-Policy that forbids any request.
A step slider, the buttons ◀ ▶ and the arrow keys (Home and End too) move through the
steps; beside each step's picture stand its lines of the playthrough log and the text of
each ruling that fired. A view selector switches among the pictures drawn in advance for
each view the file holds.

Views (`parse_views`, `--replay-view`): ``table`` (everything), ``seat:N`` (what seat N
saw), ``all`` (the table and every seat; the default). A file made for one seat holds
nothing that seat did not see: its pictures are drawn from ``observe`` only, and in a game
with hidden information the log lines and rulings of other seats' steps and of chance are
left out (only who acted is shown), since a log line may name a hidden badge or card;
the seat's own steps are shown whole. The table view, and with it the full log, is in
the file only when ``table`` or ``all`` was asked for.

Texts are data: every log line, name and ruling is escaped (`svg.esc`), so a card called
``<script>`` shows as written. The same recording gives the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from toolkit.replay.pictures import Picture
from toolkit.replay.record import Recording
from toolkit.replay.svg import esc, shared_defs

_UNESCAPE = re.compile(r"\\([\\`*_\[\]<>|~&#])")
_EMPHASIS = re.compile(r"\*\*|(?<!\\)_\(|\)_$")


def parse_views(text: str, seats: int) -> list[int | None]:
    """``table`` → [None], ``seat:N`` → [N-1], ``all`` → [None, 0, 1, …]; ValueError with
    one sentence for anything else."""
    value = text.strip().casefold()
    if value == "all":
        return [None, *range(seats)]
    if value == "table":
        return [None]
    if value.startswith("seat:"):
        number = value[5:]
        if number.isdigit() and 1 <= int(number) <= seats:
            return [int(number) - 1]
    raise ValueError(f"--replay-view must be table, all or seat:N with N from 1 to "
                     f"{seats}; got '{text}'")


def view_id(view: int | None) -> str:
    """A view's id in the page: ``table`` or ``seat1``…"""
    return "table" if view is None else f"seat{view + 1}"


def line_text(line: str) -> str:
    """A playthrough log line (Markdown) as plain text: list marks, bold and the
    backslash escapes of `toolkit.core.text.markdown` removed."""
    text = line.strip()
    text = re.sub(r"^(#+|-)\s+", "", text)
    text = _EMPHASIS.sub(lambda m: "(" if m.group(0) == "_(" else
                         (")" if m.group(0) == ")_" else ""), text)
    return _UNESCAPE.sub(r"\1", text)


def build(recording: Recording, rules: Any, picture: Picture, views: Sequence[int | None],
          labels: Sequence[str], hidden: bool) -> str:
    """The HTML page of `recording` with pictures for `views` (None = table).

    `labels` names each seat ("Sun (greedy)"); `hidden` says the game has hidden
    information (then a seat view leaves out the lines of others' steps)."""
    frames = recording.frames
    pics: list[str] = []
    texts: list[str] = []
    with shared_defs() as defs:
        for view in views:
            vid = view_id(view)
            for frame in frames:
                svg = picture(rules, frame.state, view)
                pics.append(f'<div class="pic" id="p-{vid}-{frame.step}" hidden>{svg}</div>')
                texts.append(f'<div class="txt" id="t-{vid}-{frame.step}" hidden>'
                             f"{_frame_text(recording, frame, view, hidden, labels)}</div>")
        symbols = defs.markup()
    options = "".join(
        f'<option value="{view_id(v)}">'
        f'{"Table (everything)" if v is None else esc(f"Seat {v + 1}: {labels[v]}")}'
        "</option>" for v in views)
    rec = recording.record
    end = ("finished: " + (f"seat {rec.winner + 1} won" if rec.winner is not None
                           else "draw") if rec.finished else f"unfinished: {rec.reason}")
    seats = ", ".join(str(s) for s in recording.seats)
    title = f"{recording.game_id} replay — seed {recording.seed}"
    cut = (f'<p class="note">This game is longer than the replay keeps: steps after '
           f"{len(frames) - 1} are not drawn.</p>" if recording.cut else "")
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        f"<title>{esc(title)}</title><style>{_CSS}</style></head><body>",
        symbols,
        f"<header><h1>{esc(title)}</h1>",
        f"<p class=\"meta\">Seat order {esc(seats)} · {esc(end)} · "
        f"{len(frames) - 1} steps</p>{cut}",
        "<div class=\"controls\"><label>View <select id=\"view\">", options,
        "</select></label><button id=\"prev\" title=\"previous step (←)\">◀</button>",
        f"<input id=\"slider\" type=\"range\" min=\"0\" max=\"{len(frames) - 1}\" "
        "value=\"0\" aria-label=\"step\"><button id=\"next\" title=\"next step (→)\">▶</button>"
        "<span id=\"where\"></span></div></header>",
        "<main><section id=\"stage\">", "".join(pics), "</section>",
        "<aside id=\"log\">", "".join(texts), "</aside></main>",
        f"<script>{_SCRIPT}</script></body></html>\n",
    ])


def _frame_text(recording: Recording, frame: Any, view: int | None, hidden: bool,
                labels: Sequence[str]) -> str:
    """The step's log lines and rulings as HTML, as `view` may see them."""
    if frame.step == 0:
        head = "Setup"
    elif frame.actor is None:
        head = f"Step {frame.step}: chance"
    else:
        label = labels[frame.actor] if frame.actor < len(labels) else ""
        head = f"Step {frame.step}: seat {frame.actor + 1} ({label})"
    shown = view is None or not hidden or (frame.actor == view and frame.step > 0)
    out = [f"<h2>{esc(head)}</h2>"]
    if not shown:
        out.append("<p class=\"note\">What happened here is hidden from this seat; "
                   "the picture shows what it saw.</p>")
        return "".join(out)
    out.append("<ul>" + "".join(f"<li>{esc(line_text(line))}</li>" for line in frame.lines
                                if not line.lstrip().startswith("- ruling")
                                and not line.lstrip().startswith("  - ruling")
                                and "ruling `" not in line) + "</ul>")
    rulings = [(rule, recording.rulings[rule]) for rule in dict.fromkeys(frame.fired)
               if rule in recording.rulings]
    if rulings:
        out.append("<h3>Rulings that applied</h3><dl class=\"rulings\">")
        out.extend(f"<dt>{esc(rule)}</dt><dd>{esc(text)}</dd>" for rule, text in rulings)
        out.append("</dl>")
    return "".join(out)


_CSS = """
body{margin:0;font-family:'DejaVu Sans',Verdana,sans-serif;background:#ece8df;color:#222}
header{padding:8px 16px;background:#fff;border-bottom:1px solid #c9c2b4;position:sticky;top:0;z-index:2}
h1{font-size:18px;margin:0 0 4px}.meta,.note{margin:2px 0;color:#555;font-size:13px}
.controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
#slider{flex:1;min-width:200px}button{font-size:16px;min-width:36px}
main{display:flex;gap:12px;padding:12px;align-items:flex-start;flex-wrap:wrap}
#stage{flex:0 1 auto;max-width:100%}#stage svg{max-width:100%;height:auto;display:block}
#log{flex:1 1 320px;background:#fff;border:1px solid #c9c2b4;border-radius:6px;padding:8px 12px;font-size:14px}
#log h2{font-size:15px;margin:4px 0}#log h3{font-size:13px;margin:8px 0 2px}
#log ul{padding-left:18px;margin:4px 0}dt{font-family:monospace;font-size:12px;margin-top:4px}
dd{margin:0 0 4px 12px;font-size:13px}
"""

_SCRIPT = """
(function(){
var slider=document.getElementById('slider'),view=document.getElementById('view'),
where=document.getElementById('where'),shown=[];
function show(){
  var k=slider.value,v=view.value;
  shown.forEach(function(e){e.hidden=true;});
  shown=[document.getElementById('p-'+v+'-'+k),document.getElementById('t-'+v+'-'+k)];
  shown.forEach(function(e){if(e){e.hidden=false;}});
  where.textContent='step '+k+' of '+slider.max;
  document.body.setAttribute('data-step',k);document.body.setAttribute('data-view',v);
}
function go(d){var k=Math.min(+slider.max,Math.max(0,+slider.value+d));slider.value=k;show();}
slider.addEventListener('input',show);view.addEventListener('change',show);
document.getElementById('prev').addEventListener('click',function(){go(-1);});
document.getElementById('next').addEventListener('click',function(){go(1);});
document.addEventListener('keydown',function(e){
  if(e.target===view||e.target===slider){return;}
  if(e.key==='ArrowRight'){go(1);e.preventDefault();}
  else if(e.key==='ArrowLeft'){go(-1);e.preventDefault();}
  else if(e.key==='Home'){slider.value=0;show();e.preventDefault();}
  else if(e.key==='End'){slider.value=slider.max;show();e.preventDefault();}
});
show();
})();
"""
