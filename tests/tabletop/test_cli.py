"""The ``stickem`` command offers every game: ``--game`` picks it, the rest is the game's own."""

from __future__ import annotations

import pytest

from tabletop.cli import main


def test_stupid_is_simulated_through_the_shared_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--game", "stupid", "simulate", "--seats", "random,normal", "--games", "2", "--workers", "1"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "| random |" in out and "| normal |" in out


def test_the_game_is_named_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--game", "Stupid", "play", "--help"])
    assert exited.value.code == 0
    assert "--max-hand" in capsys.readouterr().out


def test_without_game_it_is_stickem(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "9"]) == 2
    assert "allow 3-7 players, not 9" in capsys.readouterr().err


def test_an_unknown_game_is_refused_with_the_games_offered(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--game", "chess", "play"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'chess'" in err and "stickem" in err and "stupid" in err


def test_help_lists_the_games_and_help_after_the_command_is_the_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "--game" in out and "stupid" in out
    with pytest.raises(SystemExit) as exited:
        main(["--game", "stupid", "play", "--help"])
    assert exited.value.code == 0
    assert "--max-hand" in capsys.readouterr().out


def test_no_command_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([])
    assert exited.value.code == 2
    assert "choose a command: play or simulate" in capsys.readouterr().err


def test_stickgame_is_simulated_through_the_shared_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "--game",
            "stickgame",
            "simulate",
            "--seats",
            "random,normal",
            "--games",
            "1",
            "--sticks-to-win",
            "1",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "random" in out and "normal" in out


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("stickem", ["--players", "3", "--seats", "normal,random", "--rules", "online"]),
        ("stupid", ["--seats", "normal,random", "--max-hand", "1"]),
        ("stickgame", ["--seats", "normal,random", "--sticks-to-win", "1"]),
    ],
)
def test_every_games_simulate_explains_its_columns(
    game: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    workers = [] if game == "stickgame" else ["--workers", "1"]
    assert main(["--game", game, "simulate", "--games", "1", *options, *workers]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("| level |"))
    columns = [name.strip() for name in header.strip("|").split("|")][1:]
    assert columns[2:] == ["vs other seats", "win rate", "decisions", "median ms", "p95 ms", "median CPU ms"]
    notes = [line for line in out.splitlines() if not line.startswith(("|", " "))]
    explained = {name for line in notes for name in line.split(":")[0].split(", ")}
    assert set(columns) <= explained
    assert "standard error" in " ".join(out.split())
