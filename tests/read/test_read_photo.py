"""`sheetgen read` on synthetic photos of played Scribe sheets (`tests.read.photos`: a tilt of up
to 20 degrees, turned, uneven light, a shadow, blur, JPEG at quality 60, a second sheet partly
in view): against the games that marked them, every mark is read right or listed as
uncertain, and on a corpus at least 99.5 % are right. A photo of anything else is one line."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from sheetgen.games.scribe.rules import COLUMNS
from tests.read.marking import mark_up
from tests.read.photos import photograph, render
from tests.read.test_read_marked import _drawn, _play, _rows
from tests.support import sheetgen


@pytest.fixture(scope="module")
def blank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("blank")
    for ref in ("scribe/standard", "walkabout/map-1"):
        made = sheetgen("build", ref, "-f", "pdf", "--out", str(out), "-q")
        assert made.code == 0, made.err
    return out


def _photo(blank: Path, tmp: Path, seed: int, moves: int, other: bool) -> tuple[Path, list[str]]:
    played = _play(seed, moves)
    sheet = blank / "scribe-standard-supergrid.pdf"
    marked = tmp / f"game{seed}.pdf"
    mark_up(sheet, marked, {1: _drawn("scribe/standard", played, seed)})
    photo = tmp / f"game{seed}.jpg"
    photograph(render(marked), photo, seed, other=render(sheet) if other else None)
    return photo, _rows(played)


def _tally(out: str, text: str, rows: list[str]) -> tuple[int, int, int]:
    """Squares read right, read wrong, and read wrong but not listed as uncertain."""
    flagged = {line.split()[2] for line in out.splitlines() if "uncertain:" in line}
    got = text.strip().split("/")
    right = wrong = silent = 0
    for r in range(9):
        for c in range(9):
            if got[r][c] == rows[r][c]:
                right += 1
            else:
                wrong += 1
                silent += f"cell_{COLUMNS[c]}{r + 1}" not in flagged
    return right, wrong, silent


def test_a_photo_of_a_played_sheet_reads_back(blank: Path, tmp_path: Path) -> None:
    photo, rows = _photo(blank, tmp_path, 38, 81, other=True)
    run = sheetgen("read", str(photo), "--out", str(tmp_path / "records"))
    assert run.code == 0, run.err
    text = (tmp_path / "records" / "game38-p1s1.txt").read_text()
    right, wrong, silent = _tally(run.out, text, rows)
    assert silent == 0 and right >= 80, run.out
    if wrong == 0:
        assert text.strip() == "/".join(rows)


@pytest.mark.slow
def test_a_class_of_photos_reads_at_least_99_5_percent(blank: Path, tmp_path: Path) -> None:
    right = wrong = silent = 0
    for seed in range(12):
        photo, rows = _photo(blank, tmp_path, 200 + seed, 81 - 4 * seed, other=seed % 2 == 0)
        run = sheetgen("read", str(photo), "--out", str(tmp_path / f"r{seed}"))
        assert run.code == 0, run.err
        text = (tmp_path / f"r{seed}" / f"game{200 + seed}-p1s1.txt").read_text()
        counts = _tally(run.out, text, rows)
        right, wrong, silent = right + counts[0], wrong + counts[1], silent + counts[2]
    assert silent == 0
    assert right / (right + wrong) >= 0.995, (right, wrong)


def _refused(tmp_path: Path, file: Path, *words: str) -> None:
    out = tmp_path / "records"
    run = sheetgen("read", str(file), "--out", str(out))
    assert run.code != 0
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.err, run.err
    for word in words:
        assert word in lines[0], lines[0]
    assert not out.exists()


def test_what_is_not_a_photo_of_a_sheet_is_one_line(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    noise = tmp_path / "cat.png"
    cv2.imwrite(str(noise), rng.integers(0, 255, (900, 700), dtype=np.uint8))
    _refused(tmp_path, noise, "cat.png", "no sheetgen sheet mark")
    text = tmp_path / "notes.jpg"
    text.write_text("not an image")
    _refused(tmp_path, text, "notes.jpg", "not an image")


@pytest.mark.slow
def test_a_sheet_turned_cut_off_or_of_another_game_is_one_line(blank: Path, tmp_path: Path) -> None:
    photo, _ = _photo(blank, tmp_path, 5, 30, other=False)
    turned = tmp_path / "turned.jpg"
    cv2.imwrite(str(turned), cv2.rotate(cv2.imread(str(photo)), cv2.ROTATE_180))
    _refused(tmp_path, turned, "turned.jpg", "upside down")
    walk = tmp_path / "walk.jpg"
    photograph(render(blank / "walkabout-map-1.pdf"), walk, 2, tilt=10)
    _refused(tmp_path, walk, "walk.jpg", "walkabout/map", "scribe/supergrid")
    cropped = tmp_path / "half.jpg"
    image = cv2.imread(str(photo))
    cv2.imwrite(str(cropped), image[image.shape[0] // 2 :])
    _refused(tmp_path, cropped, "half.jpg", "four corner squares")


@pytest.mark.slow
def test_a_photo_of_a_pad_page_reads_both_its_sheets(tmp_path: Path) -> None:
    """A pad's page lies on its side, two sheets on it: both are read from one photo."""
    made = sheetgen("build", "scribe/pad", "-f", "pdf", "--out", str(tmp_path), "-q")
    assert made.code == 0, made.err
    (pad,) = tmp_path.glob("*.pdf")
    games = {1: _play(31, 81), 2: _play(32, 60)}
    marks = _drawn("scribe/pad", games[1], 31, 1) + _drawn("scribe/pad", games[2], 32, 2)
    marked = tmp_path / "pad-played.pdf"
    mark_up(pad, marked, {1: marks})
    photo = tmp_path / "pad.jpg"
    photograph(render(marked, dpi=300), photo, 31, frame=(4000, 3000))  # 12 MP: see docs
    run = sheetgen("read", str(photo), "--out", str(tmp_path / "records"))
    assert run.code == 0, run.err
    for slot, played in games.items():
        text = (tmp_path / "records" / f"pad-p1s{slot}.txt").read_text()
        right, _, silent = _tally(run.out, text, _rows(played))
        assert silent == 0 and right >= 80, run.out
