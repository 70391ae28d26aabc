"""``gamewright serve``: migrate the store, print the URL, run the site under uvicorn."""

from __future__ import annotations

import sys
import webbrowser
from pathlib import Path

from gamewright.core.errors import ConfigError
from gamewright.core.limits import bounded
from gamewright.store.db import database_url, engine
from gamewright.web.bounds import Bounds
from gamewright.web.secret import load_secret

EXPOSED_WARNING = ("warning: listening on every network interface: anyone who can reach this machine can open the "
                   "lobby and watch games; seats are protected only by their secret links (no accounts)")


def serve(host: str, port: int, open_browser: bool = False, bot_delay: float = 0.5, secret_file: Path | None = None,
          bounds: Bounds | None = None) -> None:
    import uvicorn

    from gamewright.web.app import create_app

    bounded(port, 1, 65535, "--port")
    if not 0 <= bot_delay <= 10:
        raise ConfigError("--bot-delay must be from 0 to 10 seconds")
    bounds = (bounds or Bounds()).checked()
    db_url = database_url()
    # PostgreSQL: several processes share the database, so they must share one secret: refused at once without
    secret = None if db_url.startswith("sqlite") else load_secret(db_url, secret_file)
    if host in ("0.0.0.0", "::", ""):
        sys.stderr.write(EXPOSED_WARNING + "\n")
    engine(db_url)  # migrate now: a broken store is one line before the site starts
    if secret is None:
        secret = load_secret(db_url, secret_file)  # made beside the SQLite file on first start
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    print(f"gamewright serves at {url} (Ctrl+C stops it)", flush=True)
    if open_browser:
        webbrowser.open(url)
    uvicorn.run(create_app(bot_delay=bot_delay, secret=secret, bounds=bounds), host=host, port=port,
                log_level="warning", timeout_graceful_shutdown=3)
