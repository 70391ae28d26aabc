"""``gamewright serve`` as a command: its URL line, the warning for every interface, and bad arguments."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.web.conftest import free_port


def test_serve_on_every_interface_warns_that_links_are_the_only_protection() -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "gamewright", "serve", "--host", "0.0.0.0", "--port", str(port)],
                            env=dict(os.environ), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None and proc.stdout is not None
        warning = proc.stderr.readline()
        assert warning.startswith("warning:") and "protected only by their secret links" in warning
        assert proc.stdout.readline().strip().startswith(f"gamewright serves at http://127.0.0.1:{port}/")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_bad_serve_arguments_are_one_line(cli) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("serve", "--port", "70000")
    assert code == 2 and err.startswith("error:") and "--port" in err and err.count("\n") == 1
    code, _, err = cli("serve", "--bot-delay", "99")
    assert code == 2 and "--bot-delay" in err


def test_healthz_of_the_app(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/static/htmx.min.js").status_code == 200  # vendored, served by the package
    assert client.get("/static/htmx-ext-sse.min.js").status_code == 200
