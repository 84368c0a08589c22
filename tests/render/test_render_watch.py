"""Watching files by their modification times: a save triggers one re-render."""

import os
import threading

from toolkit.render.watch import changed, snapshot, watch


def test_snapshot_and_changes(tmp_path):
    a, b = tmp_path / "a.xlsx", tmp_path / "b.toml"
    a.write_text("1")
    before = snapshot([a, b])
    assert before[b] is None
    b.write_text("x")
    os.utime(a, ns=(1, 1))
    assert changed(before, snapshot([a, b])) == [a, b]


def test_a_save_triggers_one_re_render(tmp_path):
    sheet = tmp_path / "deck.xlsx"
    sheet.write_text("v1")
    seen: list[list] = []
    stop = threading.Event()
    polls = 0

    def fake_sleep(seconds):
        nonlocal polls
        polls += 1
        if polls == 3:  # the designer saves while we watch
            sheet.write_text("v2, longer")
        if polls > 12:
            stop.set()

    runs = watch(lambda: [sheet], seen.append, interval=0.01, stop=stop.is_set,
                 sleep=fake_sleep)
    assert runs == 1 and seen == [[sheet]]


def test_watching_in_a_thread_with_real_time(tmp_path):
    layout = tmp_path / "card.toml"
    layout.write_text("a")
    seen: list[list] = []
    stop = threading.Event()
    worker = threading.Thread(target=watch, args=(lambda: [layout], seen.append),
                              kwargs={"interval": 0.02, "stop": stop.is_set, "settle": 0.02})
    worker.start()
    try:
        for _ in range(100):  # wait for the first poll, then save
            if worker.is_alive():
                break
        threading.Event().wait(0.1)
        layout.write_text("b, saved")
        for _ in range(200):
            if seen:
                break
            threading.Event().wait(0.02)
    finally:
        stop.set()
        worker.join(5)
    assert seen == [[layout]] and not worker.is_alive()


def test_bounded_polls_end_the_watch(tmp_path):
    path = tmp_path / "x"
    assert watch(lambda: [path], lambda _: None, interval=0, polls=3, sleep=lambda s: None) == 0
