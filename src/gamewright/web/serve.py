"""``gamewright serve``: migrate the store, print the URL, run the site under uvicorn."""

from __future__ import annotations

import ipaddress
import re
import sys
import webbrowser
from pathlib import Path
from urllib.parse import urlsplit

from gamewright.core.errors import ConfigError
from gamewright.core.limits import bounded
from gamewright.store.db import database_url, engine
from gamewright.web.bounds import Bounds
from gamewright.web.invites import EVERY_INTERFACE, Reach, lan_addresses, public_url
from gamewright.web.secret import load_secret

EXPOSED_WARNING = ("warning: listening on every network interface: anyone who can reach this machine can open the "
                   "lobby and watch games; seats are protected only by their secret links (no accounts)")
LOCAL_ONLY = ("only this computer can open it: invite links will not work elsewhere; start with "
              "`gamewright serve --host 0.0.0.0` to invite friends on your network")


_NAME = re.compile(r"(\*|(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?)")


def host_names(listed: str | None, host: str) -> list[str]:
    """The DNS names ``--allowed-hosts`` lists (comma-separated), plus ``--host`` when it is a name."""
    names = [n.strip().lower() for n in (listed or "").split(",") if n.strip()]
    for name in names:
        if not _NAME.fullmatch(name):
            raise ConfigError(f"--allowed-hosts: {name[:60]!r} is not a host name (e.g. games.example.org)")
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host and _NAME.fullmatch(host.lower()):
            names.append(host.lower())  # the name it was told to listen on is a name it answers to
    return names


def reach_lines(reach: Reach, port: int) -> list[str]:
    """What ``serve`` says, after its URL, about who can open the site and the address invite links carry."""
    lines = []
    if reach.public is not None:
        lines.append(f"invite links use {reach.public}/")
    elif reach.loopback_only:
        lines.append(LOCAL_ONLY)
    if reach.every_interface:
        lines += [f"friends on your network can open http://{address}:{port}/" for address in reach.lan] or [
            f"no network address of this machine was found: friends open http://ADDRESS:{port}/ with this "
            "machine's address on your network"]
    return lines


def serve(host: str, port: int, open_browser: bool = False, bot_delay: float = 0.5,
          allowed_hosts: str | None = None, forwarded_allow_ips: str | None = None, secret_file: Path | None = None,
          bounds: Bounds | None = None, public: str | None = None) -> None:
    """Run the site. ``allowed_hosts``: DNS names to answer to besides IP literals and localhost names;
    ``forwarded_allow_ips``: the proxies whose X-Forwarded-For/-Proto uvicorn believes (its default: 127.0.0.1
    or $FORWARDED_ALLOW_IPS) — behind an HTTPS proxy that makes the request's scheme https, so cookies are
    ``Secure`` and the cross-site check compares https origins; ``secret_file``: the server's secret (see
    ``web.secret``); ``bounds``: the limits on use; ``public``: ``--public-url``, the address invite links use
    (its host name is one the site answers to)."""
    import uvicorn

    from gamewright.web.app import create_app

    bounded(port, 1, 65535, "--port")
    names = host_names(allowed_hosts, host)
    public = public_url(public)
    if public is not None:
        names += host_names(None, urlsplit(public).hostname or "")  # the name friends use is one it answers to
    if not 0 <= bot_delay <= 10:
        raise ConfigError("--bot-delay must be from 0 to 10 seconds")
    bounds = (bounds or Bounds()).checked()
    db_url = database_url()
    # PostgreSQL: several processes share the database, so they must share one secret: refused at once without
    secret = None if db_url.startswith("sqlite") else load_secret(db_url, secret_file)
    if host in EVERY_INTERFACE:
        sys.stderr.write(EXPOSED_WARNING + "\n")
    engine(db_url)  # migrate now: a broken store is one line before the site starts
    if secret is None:
        secret = load_secret(db_url, secret_file)  # made beside the SQLite file on first start
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    reach = Reach(host, public, tuple(lan_addresses()) if host in EVERY_INTERFACE else ())
    print(f"gamewright serves at {url} (Ctrl+C stops it)", flush=True)
    for line in reach_lines(reach, port):
        print(line, flush=True)
    if open_browser:
        webbrowser.open(url)
    uvicorn.run(create_app(bot_delay=bot_delay, allowed_hosts=names, secret=secret, bounds=bounds, reach=reach),
                host=host, port=port, log_level="warning", timeout_graceful_shutdown=3, proxy_headers=True,
                forwarded_allow_ips=forwarded_allow_ips)
