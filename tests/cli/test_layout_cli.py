"""`pnp layout` and `pnp print` with the designer's own layouts (--layouts, --layout, the
project's `layouts/<game>/`): the summary, --proof's inputs and --watch's files."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from tests.helpers import make_xlsx
from toolkit.cli.main import app
from toolkit.cli.printing import PrintRequest, faces, layout_files, watch_list
from toolkit.core.registry import get_game
from toolkit.render import proof
from toolkit.render.job import PrintOptions

runner = CliRunner()
GREEN = '[card]\nsize = "poker"\n[front.bg]\nkind = "rect"\nfill = "#00ff00"\n' \
        '[front.name]\nkind = "text"\ntext = "{Name}"\n'


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def deck(folder: Path) -> Path:
    """A valid Battle Gate deck workbook (20 copies of one card)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "deck.xlsx"
    make_xlsx(path, {"Deck": [["Name", "Class", "Power", "Qty"], ["Brute", "Soldier", 5, 20]]})
    return path


def corner(folder: Path) -> tuple[int, int, int]:
    return Image.open(folder / "Deck" / "png" / "01-brute.png").convert("RGB").getpixel((40, 40))


def test_pnp_layout_lists_and_writes_a_built_in_layout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    listed = invoke("layout", "warblitz")
    assert listed.exit_code == 0 and "commander" in listed.output and "unit" in listed.output
    wrote = invoke("layout", "battlegate", "card")
    assert wrote.exit_code == 0, wrote.output
    mine = tmp_path / "layouts" / "battlegate" / "card.toml"
    assert mine.read_bytes() == (get_game("battlegate").layouts / "card.toml").read_bytes()
    assert invoke("layout", "battlegate", "card").exit_code == 0  # its own, unchanged
    mine.write_text(mine.read_text() + "\n# my change\n")
    again = invoke("layout", "battlegate", "card")
    assert again.exit_code == 2 and "was not written by pnp" in again.output
    assert "# my change" in mine.read_text()
    other = invoke("layout", "battlegate", "card", "-o", tmp_path / "x.toml")
    assert other.exit_code == 0 and (tmp_path / "x.toml").is_file()
    assert invoke("layout", "battlegate", "nope").exit_code == 2
    assert invoke("layout", "battlegate", "card", "-o", tmp_path / "x.txt").exit_code == 2


def test_pnp_layout_says_what_it_did_not_copy(tmp_path, monkeypatch):
    from toolkit.cli import layout as command

    builtin = tmp_path / "builtin"
    builtin.mkdir()
    Image.new("RGB", (10, 10)).save(builtin / "logo.png")
    (builtin / "card.toml").write_text('[card]\nback = "plain"\n[front.logo]\nkind = "image"\n'
                                       'src = "logo.png"\n')
    (builtin / "plain.toml").write_text('[back.bg]\nkind = "rect"\nfill = "#222222"\n')
    game = get_game("battlegate")
    monkeypatch.setattr(type(game), "layouts", property(lambda self: builtin))
    lines = command.not_copied(game, "card")
    assert "comes from layout 'plain', not copied" in lines[0]
    assert "logo.png" in lines[1]


def test_print_uses_the_projects_layout_and_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    workbook = deck(tmp_path)
    plain = invoke("print", "battlegate", workbook, "--png", "-o", tmp_path / "a")
    assert plain.exit_code == 0 and "yours" not in plain.output
    assert corner(tmp_path / "a") != (0, 255, 0)
    (tmp_path / "layouts" / "battlegate").mkdir(parents=True)
    (tmp_path / "layouts" / "battlegate" / "card.toml").write_text(GREEN)
    mine = invoke("print", "battlegate", workbook, "--png", "-o", tmp_path / "b")
    assert mine.exit_code == 0, mine.output
    assert "layouts: card from layouts/battlegate/card.toml (yours)" in mine.output
    assert corner(tmp_path / "b") == (0, 255, 0)


def test_print_takes_a_layouts_folder_or_one_layout_file(tmp_path):
    workbook = deck(tmp_path / "project")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "card.toml").write_text(GREEN)
    (tmp_path / "one.toml").write_text(GREEN.replace("#00ff00", "#0000ff"))
    folder = invoke("print", "battlegate", workbook, "--png", "--layouts", tmp_path / "mine",
                    "-o", tmp_path / "a")
    assert folder.exit_code == 0, folder.output
    assert corner(tmp_path / "a") == (0, 255, 0) and "(yours)" in folder.output
    one = invoke("print", "battlegate", workbook, "--png", "--layout", tmp_path / "one.toml",
                 "-o", tmp_path / "b")
    assert one.exit_code == 0, one.output
    assert corner(tmp_path / "b") == (0, 0, 255)
    missing = invoke("print", "battlegate", workbook, "--layout", tmp_path / "none.toml",
                     "-o", tmp_path / "c")
    assert missing.exit_code == 2 and not (tmp_path / "c").exists()
    bad = tmp_path / "bad.toml"
    bad.write_text('[front.x]\nkind = "image"\nsrc = "../../etc/passwd"\n')
    refused = invoke("print", "battlegate", workbook, "--layout", bad, "-o", tmp_path / "d")
    assert refused.exit_code == 2 and "outside the layout's folder" in refused.output
    assert not (tmp_path / "d").exists()


def test_a_layout_warning_is_shown_once_per_print(tmp_path):
    workbook = deck(tmp_path)
    (tmp_path / "card.toml").write_text(
        GREEN + '[front.sticker]\nkind = "rect"\nfill = "#ff0000"\n')
    result = invoke("print", "battlegate", workbook, "--layout", tmp_path / "card.toml",
                    "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.output.count("box 'sticker' hides text box 'name'") == 1


def designer_project(tmp_path: Path) -> tuple[PrintRequest, Path]:
    """A workbook with its own layout drawing a picture (and its request)."""
    workbook = deck(tmp_path)
    folder = tmp_path / "layouts" / "battlegate"
    folder.mkdir(parents=True)
    Image.new("RGB", (60, 60), (200, 0, 0)).save(folder / "logo.png")
    (folder / "card.toml").write_text(GREEN + '[front.logo]\nkind = "image"\n'
                                      'src = "logo.png"\nwidth = "10mm"\nheight = "10mm"\n')
    return PrintRequest(get_game("battlegate"), str(workbook), None, False, PrintOptions(),
                        tmp_path / "out"), folder


def test_proof_stamps_the_layout_files_actually_used(tmp_path):
    request, folder = designer_project(tmp_path)
    (job,), _ = request.jobs()
    files = layout_files(faces(request.game, job, request.places(job)))
    assert files == [folder / "card.toml", (folder / "logo.png").resolve()]
    before = proof.digest(files)
    Image.new("RGB", (60, 60), (0, 0, 200)).save(folder / "logo.png")
    files = layout_files(faces(request.game, job, request.places(job)))
    assert proof.digest(files) != before  # the picture's bytes are in the stamp


def test_watch_follows_the_designers_layout_and_its_files(tmp_path):
    request, folder = designer_project(tmp_path)
    watched = watch_list(request)
    assert folder / "card.toml" in watched and (folder / "logo.png").resolve() in watched
    (folder / "card.toml").unlink()
    watched = watch_list(request)  # built-in again; saving a layout of one's own counts
    assert folder / "card.toml" in watched
    assert get_game("battlegate").layouts / "card.toml" in watched
