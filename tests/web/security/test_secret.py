"""The server's secret (issue 23, finding 4): Affinity character links are signed with a key kept outside the
database (made on first start beside the SQLite file, mode 0600, or given by GAMEWRIGHT_SECRET / --secret-file),
so a copy of the database alone cannot forge one; with PostgreSQL ``serve`` refuses to start without a shared one."""

from __future__ import annotations

import base64
import hashlib
import hmac
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from gamewright.core.errors import ConfigError
from gamewright.store.db import reset_engines, session_scope, sqlite_path
from gamewright.store.web_games import WebSeat
from gamewright.web.app import create_app
from gamewright.web.secret import ENV_VAR, FILE_NAME, data_dir_secret, load_secret
from tests.web.conftest import auth, site_client

AFFINITY = {"game": "affinity", "seed": 3, "seats": ["human", "bot:greedy"],
            "options": {"party": "combatant,priest", "count": 1}}


def party(client: TestClient) -> tuple[str, dict[str, Any]]:
    g = client.post("/api/games", json=AFFINITY).json()
    return g["id"], g["seats"][0]


def seat_hash(gid: str) -> str:
    with session_scope() as s:
        row = s.scalars(select(WebSeat).where(WebSeat.game_id == gid, WebSeat.seat == 0)).one()
        assert row.token_hash is not None
        return row.token_hash


def test_a_character_link_cannot_be_derived_from_the_database(client: TestClient) -> None:
    gid, seat = party(client)
    stored = seat_hash(gid)
    # what a reader of the database could compute before: an HMAC keyed by the seat token's stored SHA-256
    forged = [base64.urlsafe_b64encode(hmac.new(bytes.fromhex(stored), f"character {i}".encode(),
                                                hashlib.sha256).digest()[:24]).decode() for i in (0, 1)]
    for token in forged:
        assert client.get(f"/api/games/{gid}", headers=auth(token)).status_code == 403
    for c in seat["characters"]:  # the links the server gave still act
        assert client.get(f"/api/games/{gid}", headers=auth(c["token"])).json()["you"] == 0


def test_the_secret_is_made_once_beside_the_database_and_kept_out_of_it(isolated_database: str) -> None:
    with site_client(create_app()) as client:
        gid, seat = party(client)
    db_file = sqlite_path(isolated_database)
    assert db_file is not None
    secret_file = db_file.parent / FILE_NAME
    assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    key = secret_file.read_text().strip()
    assert len(key) >= 32
    reset_engines()
    for path in db_file.parent.glob(db_file.name + "*"):  # the database, its WAL and shared memory
        assert key.encode() not in path.read_bytes()
    with site_client(create_app()) as client:  # a restart reads the same key: the links still act
        assert client.get(f"/api/games/{gid}", headers=auth(seat["characters"][0]["token"])).json()["you"] == 0
    assert secret_file.read_text().strip() == key


def test_the_key_comes_from_the_environment_or_a_file_before_the_data_directory(
        isolated_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "e" * 40)
    with site_client(create_app()) as client:
        gid, seat = party(client)
        link = seat["characters"][0]["token"]
        assert client.get(f"/api/games/{gid}", headers=auth(link)).json()["you"] == 0
    assert not (tmp_path / FILE_NAME).exists()  # nothing made in the data directory
    monkeypatch.setenv(ENV_VAR, "f" * 40)  # another key: the same link is now refused
    with site_client(create_app()) as client:
        assert client.get(f"/api/games/{gid}", headers=auth(link)).status_code == 403
    key_file = tmp_path / "key"
    key_file.write_text("e" * 40 + "\n")
    with site_client(create_app(secret=load_secret(isolated_database, key_file))) as client:
        assert client.get(f"/api/games/{gid}", headers=auth(link)).json()["you"] == 0


def test_bad_secrets_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="too short"):
        load_secret("sqlite:///x.db", environ={ENV_VAR: "short"})
    with pytest.raises(ConfigError, match="does not exist"):
        load_secret("sqlite:///x.db", tmp_path / "missing")
    with pytest.raises(ConfigError, match=ENV_VAR):
        load_secret("postgresql+psycopg://u@localhost/db", environ={})
    assert load_secret("postgresql+psycopg://u@localhost/db", environ={ENV_VAR: "k" * 32}).source == ENV_VAR


def test_processes_starting_at_once_agree_on_one_key(tmp_path: Path) -> None:
    keys: list[bytes] = []
    threads = [threading.Thread(target=lambda: keys.append(data_dir_secret(tmp_path).key)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(keys) == 8 and len(set(keys)) == 1
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]  # no temporary file left behind


def test_serve_on_postgresql_needs_a_shared_secret(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEWRIGHT_DB", "postgresql+psycopg://nobody@127.0.0.1:1/none")
    monkeypatch.delenv(ENV_VAR, raising=False)
    code, out, err = cli("serve", "--port", "8765")
    assert code == 2 and err.count("\n") == 1 and ENV_VAR in err and "--secret-file" in err
    assert "serves at" not in out
    monkeypatch.setenv(ENV_VAR, "short")
    code, _, err = cli("serve", "--port", "8765")
    assert code == 2 and "too short" in err


def test_a_new_secret_re_issues_the_character_links_on_the_partys_seat_page(
        isolated_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    monkeypatch.setenv(ENV_VAR, "e" * 40)
    with site_client(create_app()) as client:
        gid, seat = party(client)
        old = seat["characters"][0]["token"]
    monkeypatch.setenv(ENV_VAR, "f" * 40)  # the key changed: the old character link no longer opens
    with site_client(create_app()) as client:
        assert client.get(f"/api/games/{gid}", headers=auth(old)).status_code == 403
        client.get(f"/games/{gid}/join", params={"token": seat["token"]})  # the party's own seat link
        page = client.get(f"/games/{gid}/generic").text
        tokens = list(dict.fromkeys(re.findall(rf"/games/{gid}/join\?token=([\w-]+)", page)))  # href and text
        assert len(tokens) == len(seat["characters"]) and old not in tokens
        assert client.get(f"/api/games/{gid}", headers=auth(tokens[0])).json()["you"] == 0  # the new one acts
        client.cookies.clear()
        assert "character-links" not in client.get(f"/games/{gid}/generic").text  # a spectator gets none
