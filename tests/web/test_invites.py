"""Invite links that reach a friend (issue 28): the address they carry (``--public-url``, else the creator's
browser's, else — on every interface, from a browser on this computer — the machine's network address), the
warning in words when the server listens only on this computer, a Copy button and a QR code per link, and what
``serve`` prints."""

from __future__ import annotations

import ipaddress
import os
import re
import time
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from gamewright.core.errors import ConfigError
from gamewright.web.app import create_app
from gamewright.web.invites import Reach, is_loopback, lan_addresses, public_url, qr_svg
from tests.web.conftest import Server, with_csrf

LOCAL_WORDS = "only work on this computer"
SERVE_HINT = "<code>gamewright serve --host 0.0.0.0</code> to invite friends on your network"
PENANCE = {"game": "penance", "seed": 5, "seats": ["human", "human"]}
LOBBY_FORM = {"game": "penance", "seat.0": "human", "seat.1": "human", "opt.decks": "confessor,ironclad"}
SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)


@pytest.fixture
def site() -> Iterator[Callable[..., TestClient]]:
    """``site(reach, base_url)``: the app as ``serve`` would make it for ``reach``, asked at ``base_url``."""
    opened: list[TestClient] = []

    def make(reach: Reach | None = None, base_url: str = "http://127.0.0.1:8000") -> TestClient:
        client = TestClient(create_app(reach=reach), base_url=base_url)
        client.__enter__()
        opened.append(client)
        return with_csrf(client)

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def urls_of(answer: dict[str, object]) -> list[str]:
    seats = answer["seats"]
    assert isinstance(seats, list)
    return [str(s["url"]) for s in seats if s["url"]] + [str(answer["spectate_url"])]


# --- the address a link carries -------------------------------------------------------------------------
def test_links_use_the_address_the_creators_browser_used(site: Callable[..., TestClient]) -> None:
    client = site(Reach("0.0.0.0", None, ("192.0.2.77",)), "http://192.0.2.50:8123")
    for url in urls_of(client.post("/api/games", json=PENANCE).json()):
        assert url.startswith("http://192.0.2.50:8123/games/"), url
    created = client.post("/games", data=LOBBY_FORM).text
    assert 'value="http://192.0.2.50:8123/games/' in created


def test_on_every_interface_a_browser_on_this_computer_gets_the_network_address(
        site: Callable[..., TestClient]) -> None:
    for base in ("http://127.0.0.1:8123", "http://localhost:8123", "http://[::1]:8123"):
        client = site(Reach("0.0.0.0", None, ("192.0.2.77", "10.1.2.3")), base)
        answer = client.post("/api/games", json=PENANCE).json()
        assert all(u.startswith("http://192.0.2.77:8123/games/") for u in urls_of(answer)), answer
        created = client.post("/games", data=LOBBY_FORM).text
        assert 'value="http://192.0.2.77:8123/games/' in created and "127.0.0.1" not in created
        assert LOCAL_WORDS not in created and LOCAL_WORDS not in client.get("/").text


def test_a_public_url_is_used_for_every_link(site: Callable[..., TestClient]) -> None:
    client = site(Reach("127.0.0.1", "https://games.example.org/table", ()))
    answer = client.post("/api/games", json=PENANCE).json()
    assert all(u.startswith("https://games.example.org/table/games/") for u in urls_of(answer)), answer
    created = client.post("/games", data=LOBBY_FORM).text
    assert 'value="https://games.example.org/table/games/' in created
    assert LOCAL_WORDS not in created  # behind a proxy on this computer, the links do reach friends


def test_public_urls_are_checked() -> None:
    assert public_url(" https://games.example.org/ ") == "https://games.example.org"
    assert public_url("http://192.0.2.5:8080/gw") == "http://192.0.2.5:8080/gw"
    assert public_url(None) is None and public_url("") is None
    for bad in ("games.example.org", "ftp://games.example.org", "https://", "https://a.org/?x=1",
                "https://user:pw@a.org", "https://a.org:port", "javascript:alert(1)", "https://a b.org"):
        with pytest.raises(ConfigError, match="--public-url"):
            public_url(bad)


def test_bad_public_urls_are_one_line_errors(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("serve", "--public-url", "games.example.org")
    assert code == 2 and err.startswith("error: --public-url") and err.count("\n") == 1
    monkeypatch.setenv("GAMEWRIGHT_PUBLIC_URL", "ftp://x.org")
    code, _, err = cli("serve")
    assert code == 2 and "--public-url must be an http:// or https:// address" in err and err.count("\n") == 1


def test_loopback_names() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:80", "[::1]:8000",
                                        "::1", "127.3.4.5", "app.localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "192.168.1.4:8000", "example.org", "[fe80::1]", ""))


def test_the_machines_network_addresses_are_not_loopback() -> None:
    for address in lan_addresses():
        ip = ipaddress.ip_address(address)
        assert ip.version == 4 and not ip.is_loopback and not ip.is_link_local


# --- the warning, the Copy buttons, the QR codes --------------------------------------------------------
def test_on_loopback_the_lobby_and_the_creation_page_say_links_stay_on_this_computer(
        site: Callable[..., TestClient]) -> None:
    client = site(Reach("127.0.0.1"))
    lobby = client.get("/").text
    assert LOCAL_WORDS in lobby and SERVE_HINT in lobby
    created = client.post("/games", data=LOBBY_FORM).text
    assert "These links only work on this computer" in created and SERVE_HINT in created
    quiet = site(None)  # an app whose listening address is not known (made in a test, another server): no claim
    assert LOCAL_WORDS not in quiet.get("/").text


def test_each_link_has_a_copy_button_and_a_qr_code(site: Callable[..., TestClient]) -> None:
    client = site(Reach("0.0.0.0", None, ("192.0.2.77",)))
    created = client.post("/games", data={**LOBBY_FORM, "seat.1": "bot:heuristic"}).text
    links = re.findall(r'<input readonly id="(link-[\w-]+)" value="([^"]+)"', created)
    assert [i for i, _ in links] == ["link-0", "link-spectators"]  # the human seat and the spectators; no bot link
    for ident, _ in links:
        assert f'<button type="button" class="copy" data-copy="{ident}"' in created
    svgs = SVG.findall(created)
    assert len(svgs) == 2
    for svg in svgs:  # drawn by the server: no script, no style attribute (the CSP allows none), named
        assert 'role="img" aria-label="QR code of ' in svg and "<path" in svg
        assert "<script" not in svg and "style=" not in svg and "href" not in svg
    assert "Hard bot" in created and "Plays by itself" in created
    assert "onclick" not in created and "<script>" not in created  # the Copy button works from /static/site.js


def test_a_qr_codes_name_is_escaped_and_its_drawing_holds_no_text_of_the_link() -> None:
    url = 'http://192.0.2.7:8000/games/x/join?token=<b>"&'
    svg = str(qr_svg(url, 'link for <P1> "&'))
    assert 'aria-label="link for &lt;P1&gt; &#34;&amp;"' in svg
    assert "<b>" not in svg and "token" not in svg  # the link is in the modules, not in the markup
    assert svg.startswith("<svg ") and svg.endswith("</svg>") and svg.count("<svg") == 1


def test_the_qr_code_holds_the_link() -> None:
    """The modules drawn are segno's encoding of exactly the link (the same matrix, module by module)."""
    import segno

    url = "http://192.0.2.7:8000/games/0123456789abcdef/join?token=abc_DEF-123"
    svg = str(qr_svg(url, "x"))
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))  # type: ignore[union-attr]
    matrix = segno.make(url, error="m", micro=False).matrix
    assert size == len(matrix) + 8  # 4 modules of quiet zone each side
    drawn = set()
    path = re.search(r'stroke="#000" d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s*(-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            drawn |= {(int(y - 0.5) - 4, int(x) + k - 4) for k in range(int(float(a)))}
            x += float(a)
    dark = {(r, c) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}
    assert drawn == dark


# --- real servers ---------------------------------------------------------------------------------------
def output_of(server: Server, wanted: str) -> str:
    """The server's output once it holds ``wanted`` (it prints before uvicorn answers, so this is quick)."""
    deadline = time.monotonic() + 30
    while True:
        server.output.seek(0)
        text = str(server.output.read())
        if wanted in text or time.monotonic() > deadline:
            return text
        time.sleep(0.1)


@pytest.fixture
def env(tmp_path: object) -> dict[str, str]:
    return {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{tmp_path}/invites.db"}


def test_a_server_on_every_interface_gives_links_a_friend_can_open(env: dict[str, str]) -> None:
    lan = lan_addresses()
    if not lan:
        pytest.skip("this machine has no network address other than loopback")
    server = Server(env, args=("--host", "0.0.0.0")).start()
    try:
        printed = output_of(server, "friends on your network")
        for address in lan:  # serve names every address it can be reached at
            assert f"friends on your network can open http://{address}:{server.port}/" in printed, printed
        answer = httpx.post(server.url + "/api/games", json=PENANCE, timeout=30).json()  # asked on 127.0.0.1
        for url in urls_of(answer):
            host = urlsplit(url).hostname or ""
            assert not ipaddress.ip_address(host).is_loopback and host == lan[0], url
        # a friend opens the link by the network address: the host guard takes any IP literal …
        friend = httpx.get(answer["seats"][1]["url"], timeout=30)
        assert friend.status_code == 303 and f"gw_{answer['id']}" in friend.cookies  # the seat is theirs
        lobby = httpx.get(f"http://{lan[0]}:{server.port}/", timeout=30)
        assert lobby.status_code == 200 and LOCAL_WORDS not in lobby.text
        # … and still refuses a DNS name it was not given (DNS rebinding)
        evil = httpx.get(server.url + "/", headers={"Host": f"rebind.example.org:{server.port}"}, timeout=30)
        assert evil.status_code == 400
    finally:
        server.stop()


def test_a_server_on_loopback_says_so_and_one_with_a_public_url_uses_it(env: dict[str, str]) -> None:
    local = Server(env).start()
    try:
        assert "only this computer can open it" in output_of(local, "only this computer")
        assert LOCAL_WORDS in httpx.get(local.url + "/", timeout=30).text
    finally:
        local.stop()
    public = Server({**env, "GAMEWRIGHT_PUBLIC_URL": "https://play.example.org/gw/"}).start()
    try:
        assert "invite links use https://play.example.org/gw/" in output_of(public, "invite links use")
        answer = httpx.post(public.url + "/api/games", json=PENANCE, timeout=30).json()
        assert all(u.startswith("https://play.example.org/gw/games/") for u in urls_of(answer)), answer
        named = httpx.get(public.url + "/healthz", headers={"Host": "play.example.org"}, timeout=30)
        assert named.status_code == 200  # the public URL's name is one the site answers to
        assert LOCAL_WORDS not in httpx.get(public.url + "/", timeout=30).text
    finally:
        public.stop()
