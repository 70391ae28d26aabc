"""The guard in a real ``gamewright serve`` (uvicorn): the live stream's headers, HEAD on the stream and the
lobby, the Host check, ``Secure`` cookies behind a trusted HTTPS proxy, and the two serve options."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from gamewright.web.guard import CSRF_COOKIE
from tests.web.conftest import Server


def test_a_live_server_guards_every_answer(server: Server) -> None:
    base = server.url
    g = httpx.post(f"{base}/api/games", json={"game": "penance", "seats": ["human", "human"]}).json()
    with httpx.stream("GET", f"{base}/api/games/{g['id']}/stream", timeout=30) as r:
        assert r.status_code == 200 and r.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    head = httpx.head(f"{base}/api/games/{g['id']}/stream", timeout=30)  # answered, not held open
    assert head.status_code == 200 and head.content == b""
    lobby = httpx.head(f"{base}/", timeout=30)
    assert lobby.status_code == 200 and lobby.headers["x-content-type-options"] == "nosniff"
    assert httpx.get(f"{base}/", headers={"Host": "rebind.example"}).status_code == 400
    assert httpx.get(f"http://localhost:{server.port}/healthz").status_code == 200
    refused = httpx.post(f"{base}/api/games", json={"game": "penance", "seats": ["human"]},
                         headers={"Origin": f"http://127.0.0.1:{server.port + 1}"})
    assert refused.status_code == 403 and "another site" in refused.json()["error"]
    plain = httpx.get(f"{base}/healthz").headers["set-cookie"]
    assert plain.startswith(f"{CSRF_COOKIE}=") and "Secure" not in plain
    # uvicorn trusts X-Forwarded-Proto from 127.0.0.1 by default: an HTTPS proxy there makes cookies Secure
    proxied = httpx.get(f"{base}/healthz", headers={"X-Forwarded-Proto": "https"}).headers["set-cookie"]
    assert proxied.endswith("; Secure")


def test_the_serve_options(server_factory: Callable[..., Server], cli) -> None:  # type: ignore[no-untyped-def]
    server = server_factory(args=("--allowed-hosts", "games.example.org, table.lan",
                                  "--forwarded-allow-ips", "10.9.9.9"))
    for host in ("games.example.org", "table.lan:8000", "127.0.0.1"):
        assert httpx.get(f"{server.url}/healthz", headers={"Host": host}).status_code == 200, host
    assert httpx.get(f"{server.url}/healthz", headers={"Host": "other.example"}).status_code == 400
    # the proxy headers of an untrusted address are ignored: the request stays http
    cookie = httpx.get(f"{server.url}/healthz", headers={"X-Forwarded-Proto": "https"}).headers["set-cookie"]
    assert "Secure" not in cookie
    code, _, err = cli("serve", "--allowed-hosts", "bad name!")
    assert code == 2 and "--allowed-hosts" in err and err.count("\n") == 1
