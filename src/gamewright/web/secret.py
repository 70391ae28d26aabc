"""The server's secret: the key behind every value the server signs (an Affinity character's own link).

It never lives in the database, so a copy of the database alone cannot forge a link. Where it comes from, first
match wins: ``gamewright serve --secret-file PATH``; the ``GAMEWRIGHT_SECRET`` environment variable; else a
random key generated on first start and kept beside the SQLite database (``gamewright-secret``, mode 0600,
created atomically so two processes starting at once agree on one key). With PostgreSQL several server
processes must share one key, so one of the first two is required there.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gamewright.core.errors import ConfigError
from gamewright.store.db import sqlite_path

ENV_VAR = "GAMEWRIGHT_SECRET"
FILE_NAME = "gamewright-secret"
MIN_CHARS = 32  # e.g. 64 hex characters from `python -c "import secrets; print(secrets.token_hex(32))"`
POSTGRES_NEEDS_SECRET = (f"with PostgreSQL every server process must share one secret: set {ENV_VAR} or pass "
                         f"--secret-file PATH (a file holding at least {MIN_CHARS} random characters)")


@dataclass(frozen=True)
class ServerSecret:
    key: bytes = field(repr=False)
    source: str = ""  # where it came from, for messages (never the key itself)

    def sign(self, purpose: str, message: str) -> bytes:
        """HMAC-SHA256 of ``message`` under a key derived for ``purpose``: a value signed for one use never
        passes for another."""
        sub = hmac.new(self.key, f"gamewright {purpose}".encode(), hashlib.sha256).digest()
        return hmac.new(sub, message.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()


def _checked(text: str, source: str) -> ServerSecret:
    text = text.strip()
    if len(text) < MIN_CHARS:
        raise ConfigError(f"the secret from {source} is too short: it needs at least {MIN_CHARS} characters")
    return ServerSecret(text.encode("utf-8", "surrogatepass"), source)


def _read(path: Path, source: str) -> ServerSecret:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"the secret file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "it is not UTF-8 text"
        raise ConfigError(f"cannot read the secret file {path}: {reason}") from None
    return _checked(text, source)


def _create(path: Path) -> None:
    """Write a new random key to ``path`` unless it exists, atomically: the key is written whole to a private
    temporary file first, then hard-linked into place (which fails if another process got there first)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, (secrets.token_hex(32) + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, path)
    except FileExistsError:
        pass  # another process made it first: its key is the one
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def data_dir_secret(directory: Path) -> ServerSecret:
    path = directory / FILE_NAME
    if not path.exists():
        try:
            _create(path)
        except OSError as exc:
            raise ConfigError(f"cannot create the server secret {path}: {exc.strerror}") from None
    return _read(path, str(path))


def load_secret(db_url: str, secret_file: Path | None = None, environ: Mapping[str, str] | None = None) -> ServerSecret:
    """The server's secret for the database ``db_url`` (see the module's docstring); ``ConfigError`` (one line)
    when it cannot be had."""
    env = os.environ if environ is None else environ
    if secret_file is not None:
        return _read(secret_file, f"--secret-file {secret_file}")
    given = env.get(ENV_VAR, "")
    if given.strip():
        return _checked(given, ENV_VAR)
    if db_url.startswith("sqlite"):
        path = sqlite_path(db_url)
        if path is None:  # an in-memory database lives as long as the process: so may its secret
            return ServerSecret(secrets.token_bytes(32), "this process")
        return data_dir_secret(path.parent)
    raise ConfigError(POSTGRES_NEEDS_SECRET)
