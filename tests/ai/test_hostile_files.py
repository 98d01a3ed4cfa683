"""Game files from anyone: each hostile or damaged file is refused with one line (or, for a
long or unprintable name, shown cleaned), never a traceback, a hang or a wrong game."""

from __future__ import annotations

import json
import random
import time

import pytest

from ai import make_player
from ai.match.driver import refereed_game
from cribbage_gui.services import gamefile
from engine import GameState
from engine.bounded import MAX_BYTES


def _file_data(seed: int = 2) -> dict:
    _, game = refereed_game((make_player("random"), make_player("random")), seed)
    return gamefile.make(game, ("random", "heuristic"), {"kind": "match", "seed": seed,
                                                         "index": 0}).to_dict()


def _signed(data: dict) -> str:
    """The file with its checksum recomputed: an edit a checksum cannot catch."""
    data["sha256"] = gamefile.checksum(data["players"], data["game"])
    return json.dumps(data)


def _refused(tmp_path, text: str | bytes, *needles: str) -> str:
    path = tmp_path / "bad.crib.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    started = time.perf_counter()
    with pytest.raises(gamefile.GameFileError) as info:
        gamefile.read(path)
    assert time.perf_counter() - started < 10
    message = str(info.value)
    assert "\n" not in message and len(message) < 400, message
    for needle in needles:
        assert needle in message, message
    return message


def test_json_nested_too_deeply_or_with_huge_numbers_is_refused(tmp_path):
    _refused(tmp_path, "[" * 100_000 + "]" * 100_000, "nested")
    data = _file_data()
    text = json.dumps(data).replace(f'"seed": {data["game"]["seed"]}', '"seed": ' + "7" * 5000,
                                    1)
    _refused(tmp_path, text, "5,000 characters")
    _refused(tmp_path, json.dumps({**data, "context": {"x": 1}}).replace('"x": 1', '"x": 1e400'),
             "out of range")
    _refused(tmp_path, json.dumps({**data, "context": {"x": float("nan")}}), "NaN")


def test_a_file_of_the_wrong_shape_is_refused_naming_the_field(tmp_path):
    data = _file_data()
    data["game"]["events"] = 5
    _refused(tmp_path, _signed(data), "game.events")
    data = _file_data()
    data["game"]["muggins"] = "false"  # not read as true
    _refused(tmp_path, _signed(data), "game.muggins")
    data = _file_data()
    data["context"]["objective"] = "everything"
    _refused(tmp_path, _signed(data), "context.objective")
    data = _file_data()
    data["players"] = ["x" * 1_000_000, "random"]
    _refused(tmp_path, _signed(data), "players.0")


def test_a_faked_result_is_refused(tmp_path):
    data = _file_data()
    result = data["game"]["result"]
    result["winner"] = 1 - result["winner"]
    _refused(tmp_path, _signed(data), "result")


def test_a_stacked_deck_is_refused_even_with_a_recomputed_checksum(tmp_path):
    """A legal game on a prepared deck, with a checksum made for it: its deals do not follow
    from its seed, so it is not a game this program dealt."""
    deck = list(GameState.seeded_chance(3, 1, 0)[0][0])
    deck[0], deck[12] = deck[12], deck[0]  # the pone's first card and the starter swapped
    game = GameState.new(3, first_dealer=0, decks=[tuple(deck)])
    rng = random.Random(1)
    while not game.is_over:
        seat = game.current_player()
        game.apply(seat, rng.choice(game.observation(seat).legal_actions))
    stacked = gamefile.make(game, ("you", "expert")).dumps()
    _refused(tmp_path, stacked, "do not follow from its seed")


def test_an_endless_or_huge_file_and_a_folder_are_refused_at_once(tmp_path):
    started = time.perf_counter()
    with pytest.raises(gamefile.GameFileError, match="zero is a device, not a regular file"):
        gamefile.read("/dev/zero")
    assert time.perf_counter() - started < 5
    _refused(tmp_path, b" " * (MAX_BYTES + 1), "larger than")
    folder = tmp_path / "folder.crib.json"
    folder.mkdir()
    with pytest.raises(gamefile.GameFileError, match="cannot be read"):
        gamefile.read(folder)


def test_names_reach_the_screen_cleaned_and_short(tmp_path, capsys):
    """A name with terminal escape codes (it could clear the screen) and of 300 characters
    is shown without its control characters, cut to a length that fits."""
    from cribbage_gui.cli import main

    data = _file_data()
    data["players"] = ["\x1b[2J\x1b[31mMallory" + "y" * 300, "random"]
    path = tmp_path / "names.crib.json"
    path.write_text(_signed(data))
    file = gamefile.read(path)
    assert "\x1b" not in file.players[0] and len(file.players[0]) <= 60
    assert file.players[0].startswith("[2J[31mMallory")
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Mallory" in out


@pytest.mark.parametrize("text", ["[" * 50_000 + "]" * 50_000, '{"ratings": 5}',
                                  '{"ratings": {"expert": {"elo": "x"}}}', "\x00\xff"])
def test_a_damaged_ratings_file_shows_the_levels_without_elo(tmp_path, monkeypatch, text):
    from ai import registry

    (tmp_path / "ratings.json").write_text(text, errors="surrogateescape")
    monkeypatch.setenv("CRIBBAGE_ASSETS", str(tmp_path))
    monkeypatch.setattr(registry, "_RATINGS", {})
    assert registry.measured_ratings()["ratings"] == {}
    assert all(level.elo is None for level in registry.named_levels())


@pytest.mark.parametrize(("kind", "key", "value", "needle"), [
    ("weights", "games_done", "x", "games_done is 'x'"),
    ("weights", "games_done", -1, "games_done is -1"),
    ("weights", "games_done", 10**9, "more than the 5 asked for"),
    ("weights", "baseline", "nan", "baseline is 'nan'"),
    ("weights", "baseline", [1], "baseline is [1]"),
    ("evolved", "iterations_done", "1000", "iterations_done is '1000'"),
    ("evolved", "iterations_done", True, "iterations_done is True"),
    ("evolved", "iterations_done", 10**9, "more than the 5 asked for"),
])
def test_resuming_from_a_hand_edited_sidecar_says_what_is_wrong(tmp_path, capsys, kind, key,
                                                                 value, needle):
    """`cribbage train ... --resume` from a table whose sidecar says something impossible
    about the run so far: one line naming the field, exit status 2, nothing written."""
    from cribbage_gui.cli import main

    table = tmp_path / "t.npz"
    start = {"weights": ["--games", "0", "--init", "random"], "evolved": ["--iterations", "1"]}
    assert main(["train", kind, *start[kind], "--out", str(table)]) == 0
    sidecar = table.with_suffix(".json")
    meta = json.loads(sidecar.read_text())
    meta[key] = value
    sidecar.write_text(json.dumps(meta))
    capsys.readouterr()
    size = {"weights": "--games", "evolved": "--iterations"}[kind]
    out = tmp_path / "resumed.npz"
    with pytest.raises(SystemExit) as exited:
        main(["train", kind, size, "5", "--resume", str(table), "--out", str(out)])
    assert exited.value.code == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err and "Traceback" not in err, err
    assert not out.exists()


@pytest.mark.parametrize("version", [True, 1.0, "1", 2])
@pytest.mark.parametrize("where", ["file", "game"])
def test_a_version_other_than_the_number_1_is_refused(tmp_path, where, version):
    """JSON's true is Python's True, which equals 1 (as 1.0 does): "version": true was read
    as version 1. The version is named as the file has it (true, "1"), not as Python's."""
    data = _file_data()
    (data if where == "file" else data["game"])["version"] = version
    message = _refused(tmp_path, _signed(data), "version", json.dumps(version))
    assert "True" not in message, message


@pytest.mark.parametrize(("field", "value"), [
    ("first_dealer", False), ("first_dealer", 0.0), ("result.winner", False),
    ("result.skunk", True)])
def test_a_bool_is_never_read_as_a_seat_or_a_skunk(tmp_path, field, value):
    data = _file_data()
    record = data["game"]
    *parents, key = field.split(".")
    for parent in parents:
        record = record[parent]
    assert record[key] == value and type(record[key]) is int  # (the file as written)
    record[key] = value
    _refused(tmp_path, _signed(data), f"game.{field}", "should be 0", json.dumps(value))


def test_a_record_of_another_version_is_refused_by_the_engine_too():
    """engine.record reads records without the schema (a record of the window's history):
    its own check of the version takes no bool either."""
    from engine.errors import RecordError

    _, game = refereed_game((make_player("random"), make_player("random")), 2)
    record = game.to_record()
    assert GameState.from_record(record).scores == game.scores
    for version in (True, 1.0, "1"):
        with pytest.raises(RecordError, match=f"unsupported record version {json.dumps(version)}"):
            GameState.from_record({**record, "version": version})


@pytest.mark.parametrize(("blend", "needle"), [
    (True, "config.blend is true, not a number from 0 to 1"),
    ("x", 'config.blend is "x"'), (None, "config.blend is null"), (2, "config.blend is 2"),
    ([1], "config.blend is [1]")])
def test_a_weights_sidecar_whose_blend_is_not_a_number_is_refused(tmp_path, blend, needle):
    """A weights table is played with the neighbour blend it was trained with (its
    sidecar's config.blend): true was read as 1.0, and a string or null stopped the player
    with Python's own error."""
    from ai.tables.files import TableFileError
    from cribbage_gui.cli import main

    table = tmp_path / "w.npz"
    assert main(["train", "weights", "--games", "0", "--init", "random", "--out",
                 str(table)]) == 0
    sidecar = table.with_suffix(".json")
    meta = json.loads(sidecar.read_text())
    assert meta["config"]["blend"] == 1.0
    sidecar.write_text(json.dumps({**meta, "config": {**meta["config"], "blend": blend}}))
    with pytest.raises(TableFileError, match="w.json: " + needle.replace("[", r"\[")):
        make_player(f"weights:{table}")
    sidecar.write_text(json.dumps({**meta, "config": [1]}))
    with pytest.raises(TableFileError, match=r"w.json: config is \[1\], not an object"):
        make_player(f"weights:{table}")
