"""Issue 10 §3: runs are numbered per Prince (``#2``) beside their id; ``--run`` takes either; the history never
cuts a seed; Ctrl-C in ``play`` says the run is saved."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

SEED = 9223372036854775807  # the widest seed there is


def _mint(cli, name: str, day: int) -> None:  # noqa: ANN001
    code, _, err = cli(
        "prince", "mint", "--name", name, "--lat", "10", "--lon", "10", "--time", f"2001-01-{day:02d}T00:00Z"
    )
    assert code == 0, err


def _play(cli, name: str, seed: int) -> tuple[int, str, str]:  # noqa: ANN001
    return cli("prince", "play", name, "--auto", "greedy", "--seed", str(seed))


def test_runs_are_numbered_per_prince_and_run_takes_either(cli) -> None:  # noqa: ANN001
    _mint(cli, "Ada", 1)
    _mint(cli, "Bob", 2)
    assert _play(cli, "Ada", 1)[0] == 0  # id 1
    code, out, _ = _play(cli, "Bob", 2)  # id 2, Bob's #1
    assert code == 0 and "run #1 (id 2) of Prince Bob" in out
    code, out, _ = cli("prince", "play", "Bob", "--auto", "greedy", "--seed", "3", "--json")  # id 3, Bob's #2
    header = json.loads(out.splitlines()[0])
    assert header["run_id"] == 3 and header["number"] == 2

    runs = json.loads(cli("prince", "history", "Bob", "--json")[1])["runs"]
    assert [(r["number"], r["id"]) for r in runs] == [(1, 2), (2, 3)]
    code, out, _ = cli("prince", "history", "Bob")
    assert "#1" in out and "#2" in out

    def picked(spec: str) -> tuple[int, int]:
        code, out, err = cli("prince", "history", "Bob", "--run", spec, "--json")
        assert code == 0, err
        doc = json.loads(out)
        return doc["number"], doc["run"]

    assert picked("#2") == (2, 3)
    assert picked("id:2") == (1, 2)
    assert picked("3") == (2, 3)  # no run #3 for Bob, but a run with id 3
    code, _, err = cli("prince", "history", "Bob", "--run", "2")  # #2 is id 3, id 2 is #1
    assert code == 2 and "ambiguous" in err and "#2" in err and "id:2" in err
    code, _, err = cli("prince", "history", "Bob", "--run", "#9")
    assert code == 2 and err.startswith("error: ") and "no run #9" in err
    code, _, err = cli("prince", "history", "Bob", "--run", "#²")
    assert code == 2 and err.startswith("error: ")


def test_history_keeps_every_digit_of_a_seed_at_80_columns_when_piped(cli, cli_process) -> None:  # noqa: ANN001
    _mint(cli, "Ada", 1)
    assert _play(cli, "Ada", SEED)[0] == 0
    result = cli_process("prince", "history", "Ada")  # stdout is a pipe: 80 columns
    assert result.returncode == 0, result.stderr
    assert str(SEED) in result.stdout and "…" not in result.stdout
    assert "design" in result.stdout
    shown = json.loads(cli("prince", "history", "Ada", "--json")[1])["runs"][0]
    for stamp in (shown["started_at"], shown["finished_at"]):
        assert stamp[:19].replace("T", " ") in result.stdout  # no time is cut either


def test_ctrl_c_in_play_says_the_run_is_saved(cli) -> None:  # noqa: ANN001
    _mint(cli, "Ada", 1)
    process = subprocess.Popen(
        [sys.executable, "-m", "gamewright", "prince", "play", "Ada", "--seed", "5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
        # as at a terminal: a background job of a non-interactive shell (a CI runner) starts with SIGINT ignored,
        # and a Python started that way keeps ignoring it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None
    seen = ""
    while "Send which planet?" not in seen:  # the prompt has no newline: read what comes
        chunk = os.read(process.stdout.fileno(), 4096).decode()
        assert chunk, "the prompt never came"
        seen += chunk
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)  # stdin stays open until it has exited: closing it first could race the signal (EOF)
    assert process.stderr is not None and process.stdin is not None
    err = process.stderr.read()
    process.stdin.close()
    process.stdout.close()
    process.stderr.close()
    assert process.returncode == 130
    assert "interrupted: run #1 (id 1) is saved" in err and "gamewright prince play Ada" in err
    assert "Traceback" not in err and "aborted" not in err
    runs = json.loads(cli("prince", "history", "Ada", "--json")[1])["runs"]
    assert runs[0]["status"] == "active"
