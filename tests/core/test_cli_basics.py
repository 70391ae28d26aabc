from gamewright import __version__


def test_version(cli) -> None:
    code, out, _ = cli("--version")
    assert code == 0
    assert out.strip() == f"gamewright {__version__}"


def test_unknown_command_is_one_line_exit_2(cli_process) -> None:
    result = cli_process("no-such-game")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "No such command" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_option_is_one_line_exit_2(cli) -> None:
    code, _, err = cli("--bogus")
    assert code == 2
    assert err.strip().startswith("error:")
    assert len(err.strip().splitlines()) == 1
