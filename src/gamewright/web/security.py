"""Seat tokens, game ids and the request-size limit.

A token is ``secrets.token_urlsafe(24)`` (192 bits); only its SHA-256 is stored, and a presented token is
compared with ``hmac.compare_digest`` (as bytes: any text a client sends is a refusal, never an error). Game ids
are checked against one pattern before any lookup, so no path trick reaches the store.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamewright.web.secret import ServerSecret

MAX_BODY = 64 * 1024
_ID = re.compile(r"[0-9a-f]{16}")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    return secrets.token_hex(8)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(token_hash(token), stored_hash)


def character_token(secret: ServerSecret, game_id: str, seat_hash: str, character: int) -> str:
    """A character's own link in a seat shared by several characters (Affinity's party): signed with the server's
    secret (never stored, so the database alone cannot forge one) over the game, the seat token's stored hash
    (a new seat token voids its characters' links) and the character; it acts only while that character acts."""
    mac = secret.sign("character link", f"{game_id} {seat_hash} {character}")
    return base64.urlsafe_b64encode(mac[:24]).decode()


def character_matches(secret: ServerSecret, token: str, game_id: str, seat_hash: str | None, character: int) -> bool:
    if seat_hash is None:
        return False
    # bytes, not str: compare_digest refuses a str with non-ASCII characters (a TypeError, not a refusal)
    expected = character_token(secret, game_id, seat_hash, character).encode()
    return hmac.compare_digest(token.encode("utf-8", "surrogatepass"), expected)


def rematch_token(secret: ServerSecret, new_game_id: str, seat: int, old_seat_hash: str) -> str:
    """A seat's token in a rematch: signed with the server's secret over the new game, the seat and the old seat
    token's stored hash, so the server can show it again (only to a viewer holding the old seat's token) without
    storing it; the new game stores its hash, as for every token. Never equal to the old token."""
    mac = secret.sign("rematch seat", f"{new_game_id} {seat} {old_seat_hash}")
    return base64.urlsafe_b64encode(mac[:24]).decode()


def valid_game_id(game_id: str) -> bool:
    return _ID.fullmatch(game_id) is not None


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; None when there is no such header."""
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: a request body longer than ``MAX_BODY`` fails when it is read (answered 413).

    The check happens as the body is read, not up front, so an endpoint can first check who is asking.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge()
            return message

        await self.app(scope, limited, send)
