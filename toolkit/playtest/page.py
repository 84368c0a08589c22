"""The playtest page: one HTML document with its style and script inline.

The page holds no game data: its script asks the server for the seat's view (JSON) and
draws it, every text with ``textContent`` (a card called ``<script>`` shows as written);
only the seat's picture, an SVG the game's picture module built with escaped texts, is
put in as markup. Each request carries the page's token (a random value the server made
when it started), so another site open in the same browser cannot play for the person.
The Content-Security-Policy lets the page talk to its own server only.
"""

from __future__ import annotations

from html import escape

CSP = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
       "script-src 'unsafe-inline'; connect-src 'self'")
"""Nothing is fetched but the page's own JSON (the replay opens as its own page)."""

_CSS = """
body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}
header{padding:.5em 1em;background:#3b3a36;color:#fff}
header h1{font-size:1.2em;margin:0}
main{display:flex;gap:1em;padding:1em;align-items:flex-start}
#left{flex:3;min-width:0}#right{flex:2;min-width:18em;max-height:90vh;overflow:auto}
#picture svg{max-width:100%;height:auto}
#choices button{display:block;width:100%;text-align:left;margin:.2em 0;padding:.4em;
 border:1px solid #888;border-radius:4px;background:#fff;cursor:pointer}
#choices button:hover{background:#e6f0ff}
#choices .why{color:#666;font-size:.85em;margin-left:.5em}
#log{list-style:none;padding-left:0}#log li{margin:.15em 0}#log .mine{font-weight:600}#log .ev{color:#555;font-size:.85em}
#rulings li{font-size:.9em;margin:.3em 0}
pre{white-space:pre-wrap;font-size:.8em;background:#fff;padding:.5em}
#end{padding:.6em;background:#fff3c4;border:1px solid #c9a400;margin:.5em 0}
.note{color:#a00}
"""

_SCRIPT = r"""
const token = document.querySelector('meta[name="playtest-token"]').content;
let busy = false;
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
async function call(path, body) {
  const opts = body === undefined ? {headers: {'X-Playtest-Token': token}} :
    {method: 'POST', headers: {'X-Playtest-Token': token, 'Content-Type': 'application/json'},
     body: JSON.stringify(body)};
  const answer = await fetch(path, opts);
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}
function draw(v) {
  document.getElementById('who').textContent =
    v.title + ' — you play seat ' + v.seat + ': ' + v.name;
  const pic = document.getElementById('picture');
  pic.innerHTML = v.picture || '';
  const obs = document.getElementById('observation');
  obs.textContent = v.observation.join('\n');
  document.getElementById('obsbox').open = !v.picture;
  const choices = document.getElementById('choices');
  choices.replaceChildren();
  for (const c of v.legal) {
    const b = el('button');
    b.dataset.choice = c.n;
    b.append(el('span', c.n + '. ' + c.what));
    if (c.why) b.append(el('span', c.why, 'why'));
    b.addEventListener('click', () => send('/api/act', {step: v.decisions, choice: c.n}));
    choices.append(b);
  }
  document.getElementById('undo').disabled = !v.canUndo;
  const log = document.getElementById('log');
  log.replaceChildren();
  if (v.logCut) log.append(el('li', '(' + v.logCut + ' earlier steps)', 'ev'));
  for (const e of v.log) {
    const li = el('li', e.step + '. ' + e.who + ': ' + e.what + (e.why ? ' (' + e.why + ')' : ''),
                  e.mine ? 'mine' : '');
    for (const x of e.events) li.append(el('div', x, 'ev'));
    for (const r of e.rulings) li.append(el('div', 'ruling ' + r.id, 'ev'));
    log.append(li);
  }
  log.lastElementChild && log.lastElementChild.scrollIntoView({block: 'nearest'});
  const rulings = document.getElementById('rulings');
  rulings.replaceChildren();
  for (const r of v.rulings) {
    const li = el('li');
    li.append(el('b', r.id + ' ×' + r.count), el('div', r.decision));
    rulings.append(li);
  }
  const end = document.getElementById('end');
  end.hidden = !v.over;
  end.replaceChildren();
  if (v.over) {
    end.append(el('div', 'Game over: ' + v.result));
    if (v.replay) {
      const a = el('a', 'Open the replay (' + v.replayName + ')');
      a.href = v.replay; a.target = '_blank'; a.id = 'replay';
      end.append(a);
    }
    if (v.problem) end.append(el('div', v.problem, 'note'));
  }
  document.body.dataset.state = v.over ? 'over' : 'playing';
  document.body.dataset.decisions = v.decisions;
}
async function send(path, body) {
  if (busy) return;
  busy = true;
  try { draw(await call(path, body)); document.getElementById('error').textContent = ''; }
  catch (err) { document.getElementById('error').textContent = err.message; }
  finally { busy = false; }
}
document.getElementById('undo').addEventListener('click', () => send('/api/undo', {}));
call('/api/view').then(draw).catch(err => {
  document.getElementById('error').textContent = err.message; });
"""


def page(title: str, token: str) -> str:
    """The page's HTML; ``title`` and ``token`` are escaped."""
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">",
        f"<meta name=\"playtest-token\" content=\"{escape(token)}\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        "<link rel=\"icon\" href=\"data:,\">",
        f"<title>{escape(title)} — playtest</title><style>{_CSS}</style></head>",
        "<body data-state=\"loading\"><header><h1 id=\"who\"></h1></header><main>",
        "<section id=\"left\"><div id=\"end\" hidden></div><div id=\"picture\"></div>",
        "<details id=\"obsbox\"><summary>What you see (as text)</summary>",
        "<pre id=\"observation\"></pre></details></section>",
        "<section id=\"right\"><h2>Your choices</h2><div id=\"choices\"></div>",
        "<p><button id=\"undo\" disabled>Undo my last decision</button></p>",
        "<p id=\"error\" class=\"note\"></p>",
        "<h2>Log</h2><ul id=\"log\"></ul><h2>Rulings that applied</h2><ul id=\"rulings\"></ul>",
        f"</section></main><script>{_SCRIPT}</script></body></html>\n",
    ])
