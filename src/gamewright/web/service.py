"""The platform's operations on the store: create a game, find who is asking, play a move, read the log.

Every move runs in one transaction that locks the game's row, checks the seq, applies the move to a clone of
the state and appends it to the log under ``UNIQUE(game_id, seq)``; only after the commit does the new state
replace the old one. Other processes learn of it through PostgreSQL ``NOTIFY`` (sent inside the transaction,
delivered on commit).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy import text as sql_text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from gamewright.core.errors import ConfigError, GamewrightError, RuleViolation
from gamewright.core.game import Event
from gamewright.core.limits import SEED_MAX, check_seed
from gamewright.core.manifest import manifest_for
from gamewright.store.db import database_url, session_scope
from gamewright.store.web_chat import WebChatMessage
from gamewright.store.web_games import WebAction, WebGame, WebRematch, WebSeat
from gamewright.web import prince_runs
from gamewright.web.bounds import Bounds, TooMany
from gamewright.web.chat import Chat
from gamewright.web.render import game_manifest
from gamewright.web.runtime import Runtime, RuntimeCache, apply_text, new_runtime
from gamewright.web.secret import ServerSecret, load_secret
from gamewright.web.security import (
    character_matches,
    character_token,
    new_game_id,
    new_token,
    rematch_token,
    token_hash,
    token_matches,
)
from gamewright.web.seeds import check_listed, seed_chosen_of

CHANNEL = "gamewright_web"
MAX_SEATS = 6
TIMER_RANGE = (5, 86_400)
ACTIVE_RETRY = 600.0  # seconds a creation refused by the cap on active games is told to wait
EXPIRE_BATCH = 500  # games deleted per sweep transaction (a sweep's next run takes the rest)


class WebError(Exception):
    """A refused request: an HTTP status and a one-line reason."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Viewer:
    seat: int | None  # None: a spectator
    token: str | None = None
    character: int | None = None  # a character's own link in a shared seat: it acts only on that one's turns


def _now() -> datetime:
    return datetime.now(UTC)


def parse_seat(game: str, spec: Any) -> tuple[str, str | None]:
    if spec == "human":
        return "human", None
    if isinstance(spec, str) and spec.startswith("bot:"):
        name = spec.removeprefix("bot:")
        bots = manifest_for(game).bot_names()
        if name in bots:
            return "bot", name
        raise ConfigError(f"unknown bot {name!r} for {game}; choose one of: {', '.join(bots)}")
    raise ConfigError(f"a seat is \"human\" or \"bot:<name>\", not {str(spec)[:40]!r}")


def check_request(body: Any) -> dict[str, Any]:
    """The create-game body, validated: every problem is a ConfigError (answered 400)."""
    if not isinstance(body, dict):
        raise ConfigError("the body must be a JSON object")
    unknown = set(body) - {"game", "ruleset", "options", "seed", "seats", "timer", "listed", "prince",
                           "spectator_chat"}
    if unknown:
        raise ConfigError(f"unknown field {sorted(unknown)[0]!r}")
    manifest = game_manifest(body.get("game"))
    game = manifest.name
    ruleset = body.get("ruleset")
    if ruleset is not None and not isinstance(ruleset, str):
        raise ConfigError("ruleset must be a name or null")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ConfigError("options must be an object of NAME: value")
    seats = body.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise ConfigError(f"seats must be a list of 1 to {MAX_SEATS} seats")
    parsed = [parse_seat(game, s) for s in seats]
    given = body.get("seed")
    seed_given = given is not None
    seed = check_seed(given) if given is not None else secrets.randbelow(SEED_MAX + 1)
    timer = body.get("timer")
    if timer is not None:
        from gamewright.core.limits import bounded

        timer = bounded(timer, *TIMER_RANGE, "timer (seconds)")
    options = dict(options)
    if any(o.name == "players" for o in manifest.options):
        if "players" in options and options["players"] != len(seats):
            raise ConfigError(f"option players={options['players']!r} conflicts with {len(seats)} seats")
        options["players"] = len(seats)
    prince = body.get("prince") or None
    if prince is not None and (game != "prince" or not isinstance(prince, str)):
        raise ConfigError("prince names a minted Prince, and only a Space Prince game plays one")
    listed = body.get("listed", False)
    if not isinstance(listed, bool):
        raise ConfigError("listed must be true or false")
    check_listed(listed, seed_given)
    spectator_chat = body.get("spectator_chat", False)
    if not isinstance(spectator_chat, bool):
        raise ConfigError("spectator_chat must be true or false")
    return {"game": game, "ruleset": ruleset, "options": options, "seed": seed, "seed_given": seed_given,
            "seats": parsed, "timer": timer, "listed": listed, "prince": prince, "spectator_chat": spectator_chat}


class Platform:
    """One server process's view of the games: the store, the games in memory and who to tell of a move."""

    def __init__(self, url: str | None = None, secret: ServerSecret | None = None,
                 bounds: Bounds | None = None) -> None:
        self.url = url
        self.bounds = bounds or Bounds()
        self.cache = RuntimeCache()
        self.listeners: list[Callable[[str], None]] = []  # called with a game id after each stored move
        self.chat = Chat(self)  # each game's table talk (web.chat)
        self._secret = secret
        self._secret_lock = threading.Lock()

    @property
    def secret(self) -> ServerSecret:
        """The server's secret (``web.secret``), read or made on first use when none was given."""
        with self._secret_lock:
            if self._secret is None:
                self._secret = load_secret(self.url or database_url())
            return self._secret

    def session(self) -> Any:
        return session_scope(self.url)

    def is_postgres(self, session: Session) -> bool:
        return session.get_bind().dialect.name == "postgresql"

    # --- games ------------------------------------------------------------------------------------------
    def create(self, body: Any, via: str = "api") -> tuple[str, list[tuple[int, str, str | None, str | None]]]:
        """Store a new game; returns its id and (seat, kind, bot, token) per seat (tokens only shown now).

        ``via``: "api", or "lobby" (whose creator holds the first human seat: a seed it chose is shown as its).
        """
        req = check_request(body)
        try:
            return self._create(req, via)
        except TooMany:
            if not self.expire():  # full: games past their time may still be waiting for the sweep
                raise
            return self._create(req, via)

    def _create(self, req: dict[str, Any], via: str) -> tuple[str, list[tuple[int, str, str | None, str | None]]]:
        with self.session() as s:
            rt, out = self._insert_game(s, req, via)
        self.cache.put(rt)
        self.announce(rt.game_id)
        return rt.game_id, out

    def _insert_game(self, s: Session, req: dict[str, Any], via: str,
                     token_for: Callable[[str, int], str] | None = None,
                     ) -> tuple[Runtime, list[tuple[int, str, str | None, str | None]]]:
        """Store a new game in the transaction ``s``: its runtime and (seat, kind, bot, token) per seat.
        ``token_for(game_id, seat)`` gives a human seat's token (default: a random one)."""
        game_id = new_game_id()
        creator = next((i for i, (kind, _) in enumerate(req["seats"]) if kind == "human"), None)
        seed_by = creator if via == "lobby" and req["seed_given"] else None
        out = []
        active = s.scalar(select(func.count()).select_from(WebGame).where(WebGame.status == "active")) or 0
        if active >= self.bounds.active_games:
            raise TooMany(f"the site holds {active} games in progress, its limit; try again when some are over",
                          ACTIVE_RETRY)
        run_id = None
        if req["prince"] is None:
            rt = new_runtime(game_id, req["game"], req["ruleset"], req["options"], req["seed"])
        else:
            try:
                rt, run_id = prince_runs.begin(s, game_id, req)
            except prince_runs.PrinceBusy as exc:
                raise WebError(409, str(exc)) from None
        if rt.num_players != len(req["seats"]):
            raise ConfigError(f"{req['game']} is played by {rt.num_players} seat(s), not {len(req['seats'])}")
        game_row = WebGame(id=game_id, game=req["game"], ruleset=req["ruleset"], options=req["options"],
                           seed=req["seed"], seed_given=req["seed_given"], seed_by=seed_by, created_via=via,
                           timer=req["timer"], listed=req["listed"], status="active", seq=0,
                           current_player=rt.state.current_player, prince_run_id=run_id,
                           spectator_chat=bool(req.get("spectator_chat", False)))
        s.add(game_row)
        s.flush()
        rt.seed_chosen = seed_chosen_of(game_row)
        for i, (kind, bot) in enumerate(req["seats"]):
            token = (token_for(game_id, i) if token_for is not None else new_token()) if kind == "human" else None
            s.add(WebSeat(game_id=game_id, seat=i, kind=kind, bot=bot, claimed=False, away=False,
                          token_hash=token_hash(token) if token else None))
            out.append((i, kind, bot, token))
        return rt, out

    # --- rematches --------------------------------------------------------------------------------------
    def rematch(self, game_id: str, viewer: Viewer) -> tuple[str, str]:
        """The rematch of a finished game for a seat holder: the same game, ruleset, options, seats, bots and
        timer with a new secret seed and new tokens, made on the first press and joined on every later one.
        Returns the new game's id and the token of ``viewer``'s own seat (or character) in it."""
        if viewer.seat is None:
            raise WebError(403, "only a seat of this game can start its rematch")
        try:
            new_id, created = self._rematch(game_id)
        except TooMany:
            if not self.expire():
                raise
            new_id, created = self._rematch(game_id)
        if created is not None:
            self.cache.put(created)
            self.announce(new_id)
            self.announce(game_id)  # the old game's pages offer each seat its new link
        token = self.rematch_token_of(game_id, new_id, viewer)
        if token is None:
            raise WebError(409, "the rematch has no seat for you")
        return new_id, token

    def _rematch(self, game_id: str) -> tuple[str, Runtime | None]:
        with self.session() as s:
            row = self.row(s, game_id, lock=True)  # one rematch per game: a second press waits, then joins it
            if row.status != "finished":
                raise WebError(409, "a rematch starts once the game is over")
            known = s.get(WebRematch, game_id)
            if known is not None:
                return known.new_game_id, None
            seats = list(s.scalars(select(WebSeat).where(WebSeat.game_id == game_id).order_by(WebSeat.seat)))
            prince = prince_runs.prince_name(s, row)
            if row.prince_run_id is not None and prince is None:
                raise WebError(409, "the Prince this table played no longer exists")
            seed = row.seed
            while seed == row.seed:  # a new secret seed, never the old one (even a chosen one)
                seed = secrets.randbelow(SEED_MAX + 1)
            req = {"game": row.game, "ruleset": row.ruleset, "options": dict(row.options), "seed": seed,
                   "seed_given": False, "seats": [(seat.kind, seat.bot) for seat in seats], "timer": row.timer,
                   "listed": False, "prince": prince,  # not listed: its seats are for the old game's players
                   "spectator_chat": bool(row.spectator_chat)}
            old_hashes = {seat.seat: seat.token_hash or "" for seat in seats}

            def token_for(new_id: str, seat: int) -> str:
                return rematch_token(self.secret, new_id, seat, old_hashes[seat])

            rt, _ = self._insert_game(s, req, "rematch", token_for)
            s.add(WebRematch(game_id=game_id, new_game_id=rt.game_id))
            self._notify_others(s, game_id)
        return rt.game_id, rt

    def rematch_of(self, game_id: str) -> str | None:
        """The id of the game a finished game's rematch started, if one did."""
        with self.session() as s:
            known = s.get(WebRematch, game_id)
            return known.new_game_id if known is not None else None

    def rematch_token_of(self, game_id: str, new_id: str, viewer: Viewer) -> str | None:
        """The token ``viewer`` (holding a seat, or a character's link, of the old game ``game_id``) has in its
        rematch ``new_id``; None for a spectator or a seat a bot plays. Derived, never stored: only a viewer
        who proved the old token gets here."""
        if viewer.seat is None:
            return None
        with self.session() as s:
            old = s.get(WebSeat, (game_id, viewer.seat))
            new = s.get(WebSeat, (new_id, viewer.seat))
            if old is None or new is None or old.token_hash is None or new.token_hash is None:
                return None
            seat_token = rematch_token(self.secret, new_id, viewer.seat, old.token_hash)
            if not token_matches(seat_token, new.token_hash):  # the server's secret changed since
                return None
            if viewer.character is None:
                return seat_token
            return character_token(self.secret, new_id, new.token_hash, viewer.character)

    def row(self, s: Session, game_id: str, lock: bool = False) -> WebGame:
        row = s.get(WebGame, game_id, with_for_update=lock)
        if row is None:
            raise WebError(404, f"no game {game_id}")
        return row

    def seats(self, game_id: str) -> list[WebSeat]:
        with self.session() as s:
            return list(s.scalars(select(WebSeat).where(WebSeat.game_id == game_id).order_by(WebSeat.seat)))

    def runtime(self, game_id: str) -> Runtime:
        """The game in memory, caught up with the store (lock order everywhere: the game's lock, then the DB)."""
        with self.session() as s:
            row = self.row(s, game_id)
            stored_seq = row.seq
            rt = self.cache.get(game_id)
            if rt is None:
                rt = self.cache.put(prince_runs.runtime_of(s, row))
            rt.seed_chosen = seed_chosen_of(row)
            rt.seats = list(s.scalars(select(WebSeat).where(WebSeat.game_id == game_id).order_by(WebSeat.seat)))
        if rt.seq < stored_seq:
            with rt.lock, self.session() as s:
                self._catch_up(s, rt)
        return rt

    def finished(self, game_id: str, what: str) -> tuple[Runtime, WebGame]:
        """A game that is over, with its stored row; ``what`` (a log, a replay) opens only then (403)."""
        rt = self.runtime(game_id)
        if not rt.state.is_terminal():
            raise WebError(403, f"{what} opens once the game is over")
        with self.session() as s:
            return rt, self.row(s, game_id)

    def on_notify(self, payload: str) -> None:
        """Another process stored a move (``<id>``) or a chat message (``<id> chat``): catch up once, then wake this
        process's streams and bots."""
        game_id, _, what = payload.partition(" ")
        try:
            self.runtime(game_id)
            if what == "chat":
                self.chat.refresh(game_id)
        except WebError:  # a game this process cannot see (deleted): nothing to wake
            return
        self.announce_local(game_id)

    def _catch_up(self, s: Session, rt: Runtime) -> None:
        log = s.execute(select(WebAction.seq, WebAction.seat, WebAction.action)
                        .where(WebAction.game_id == rt.game_id, WebAction.seq > rt.seq).order_by(WebAction.seq))
        rt.catch_up([(int(a), int(b), str(c)) for a, b, c in log])

    # --- who is asking --------------------------------------------------------------------------------
    def viewer(self, game_id: str, token: str | None) -> Viewer:
        """The seat a token holds in this game (claimed now if this is its first use); no token: a spectator;
        any other token: 403."""
        return self.viewer_of(self.runtime(game_id), token)

    def viewer_of(self, rt: Runtime, token: str | None, claim: bool = True) -> Viewer:
        viewer = self._match(rt, token)
        if claim and viewer.seat is not None:
            self._claim(rt, viewer.seat)
        return viewer

    def _match(self, rt: Runtime, token: str | None) -> Viewer:
        if token is None:
            return Viewer(None)
        for seat in rt.seats:
            if token_matches(token, seat.token_hash):
                return Viewer(seat.seat, token)
        manifest = manifest_for(rt.name)
        shared = manifest.shared_seat.seat if manifest.shared_seat is not None else None
        for seat in rt.seats:
            if seat.seat == shared:
                for idx, _ in manifest.characters(rt.state):
                    if character_matches(self.secret, token, rt.game_id, seat.token_hash, idx):
                        return Viewer(seat.seat, token, idx)
        raise WebError(403, "this token holds no seat of this game")

    def _claim(self, rt: Runtime, seat_no: int) -> None:
        """A seat is claimed the first time its link or token (or one of its characters' links) is used: from then
        on it is never offered in the lobby, and nobody can take it over."""
        seat = next((x for x in rt.seats if x.seat == seat_no), None)
        if seat is None or seat.claimed:
            return
        with self.session() as s:
            done = s.execute(update(WebSeat)
                             .where(WebSeat.game_id == rt.game_id, WebSeat.seat == seat_no,
                                    WebSeat.token_hash == seat.token_hash)
                             .values(claimed=True)).rowcount
        if not done:  # the seat was taken from the lobby a moment before this token's first use
            raise WebError(403, "this token holds no seat of this game")
        seat.claimed = True

    def character_links(self, game_id: str, seat_token: str) -> list[tuple[int, str, str]]:
        """(index, name, token) of each character sharing the seat ``seat_token`` holds (none in most games)."""
        rt = self.runtime(game_id)
        seat_hash = token_hash(seat_token)
        characters = manifest_for(rt.name).characters(rt.state)
        return [(idx, name, character_token(self.secret, game_id, seat_hash, idx)) for idx, name in characters]

    def claim(self, game_id: str, token: str) -> int:
        """Opening an invite link (or a character's): its seat is claimed and no longer offered in the lobby."""
        viewer = self.viewer(game_id, token)
        if viewer.seat is None:
            raise WebError(403, "this link holds no seat of this game")
        return viewer.seat

    def take_open_seat(self, game_id: str, seat_no: int) -> str:
        """Join a listed game's never-claimed human seat from the lobby: a fresh token replaces the unused one.
        A seat whose link or token was ever used is never taken over."""
        with self.session() as s:
            row = self.row(s, game_id, lock=True)
            seat = s.get(WebSeat, (game_id, seat_no))
            label = manifest_for(row.game).seat_label(seat_no)
            if seat is None:
                raise WebError(404, f"game {game_id} has no seat {label}")
            if not row.listed:
                raise WebError(403, "this game does not offer its seats in the lobby; ask its creator for a link")
            if row.status != "active":
                raise WebError(409, "the game is over")
            if seat.kind != "human":
                raise WebError(409, f"seat {label} is played by a bot")
            token = new_token()
            done = s.execute(update(WebSeat)
                             .where(WebSeat.game_id == game_id, WebSeat.seat == seat_no, WebSeat.claimed.is_(False))
                             .values(token_hash=token_hash(token), claimed=True)).rowcount
            if not done:
                raise WebError(409, f"seat {label} is taken: its link or token has been used, and a seat in use is "
                                    "never handed to someone else")
        return token

    def set_name(self, game_id: str, seat_no: int, name: str) -> None:
        """A seat's display name: the one rule for every name (an empty one clears it)."""
        from gamewright.core.limits import check_name

        name = check_name(name, "a seat's name") if name.strip() else ""
        with self.session() as s:
            seat = s.get(WebSeat, (game_id, seat_no))
            if seat is not None:
                seat.name = name or None
                self._notify_others(s, game_id)
        self.announce(game_id)

    def set_away(self, game_id: str, seat_no: int, away: bool) -> None:
        with self.session() as s:
            seat = s.get(WebSeat, (game_id, seat_no))
            if seat is None or seat.away == away:
                return
            seat.away = away
            self._notify_others(s, game_id)
        rt = self.cache.get(game_id)  # this process's live streams show the change (presence) without a store read
        for cached in rt.seats if rt is not None else []:
            if cached.seat == seat_no:
                cached.away = away
        self.announce(game_id)

    # --- moves ------------------------------------------------------------------------------------------
    def play(self, game_id: str, seat: int, text: str, seq: int, by_bot: bool = False,
             character: int | None = None) -> tuple[int, list[Event]]:
        """Apply ``text`` for ``seat`` if ``seq`` is the game's current seq; returns the new seq and the events.

        Refusals: 409 stale seq, 403 not this seat's turn, 422 the engine's RuleViolation text.
        """
        rt = self.runtime(game_id)
        try:
            with rt.lock:
                with self.session() as s:
                    row = self.row(s, game_id, lock=True)
                    if seq != row.seq:
                        raise WebError(409, f"stale seq {seq}: the game is at seq {row.seq}; refresh")
                    self._catch_up(s, rt)
                    state = rt.state
                    if state.is_terminal():
                        raise WebError(403, "the game is over")
                    if state.current_player != seat:
                        raise WebError(403, "it is not your turn")
                    if character is not None and manifest_for(rt.name).acting_character(state) != character:
                        raise WebError(403, "it is not this character's turn")
                    try:
                        new_state, events, canonical = apply_text(rt.game, state, text, seat)
                    except RuleViolation as exc:
                        raise WebError(422, str(exc)) from None
                    s.add(WebAction(game_id=game_id, seq=row.seq + 1, seat=seat, action=canonical, by_bot=by_bot))
                    if row.prince_run_id is not None:
                        prince_runs.record(s, row, canonical, new_state)
                    row.seq += 1
                    row.current_player = new_state.current_player
                    row.moved_at = _now()
                    if new_state.is_terminal():
                        row.status, row.returns = "finished", [float(r) for r in new_state.returns()]
                    if not by_bot:
                        mine = s.get(WebSeat, (game_id, seat))
                        if mine is not None and mine.away:
                            mine.away = False
                    self._notify_others(s, game_id)
                    s.flush()
                    new_seq = row.seq
                rt.install(new_state, events, seat)  # committed: only now does the new state replace the old
        except IntegrityError:
            raise WebError(409, "another move landed first; refresh") from None
        except GamewrightError as exc:
            raise WebError(422, str(exc)) from None
        self.announce(game_id)
        return new_seq, events

    def _notify_others(self, s: Session, game_id: str) -> None:
        self.notify_others(s, game_id)

    def notify_others(self, s: Session, game_id: str, what: str = "") -> None:
        """PostgreSQL: tell every other server process, when this transaction commits (``what``: "chat" for a
        chat message; nothing for a move or a seat's change)."""
        if self.is_postgres(s):
            s.execute(sql_text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{game_id} {what}".strip()})

    def announce(self, game_id: str) -> None:
        """Tell this process's streams and bots (other processes hear the NOTIFY sent with each move)."""
        self.announce_local(game_id)

    def announce_local(self, game_id: str) -> None:
        for listener in list(self.listeners):
            listener(game_id)

    def expire(self, now: datetime | None = None) -> list[str]:
        """Delete the games nobody moved in for ``idle_days`` (not over) or ``finished_days`` (over, kept until
        then for their replays); returns their ids. A Prince's run played at a deleted table ends as abandoned."""
        now = now or _now()
        idle = now - timedelta(days=self.bounds.idle_days)
        kept = now - timedelta(days=self.bounds.finished_days)
        with self.session() as s:
            rows = list(s.scalars(
                select(WebGame)
                .where(or_((WebGame.status == "active") & (WebGame.moved_at < idle),
                           (WebGame.status == "finished") & (WebGame.moved_at < kept)))
                .order_by(WebGame.moved_at).limit(EXPIRE_BATCH).with_for_update()))
            ids = [row.id for row in rows]
            if not ids:
                return []
            for row in rows:
                if row.status == "active":
                    prince_runs.end(s, row)
            s.execute(delete(WebRematch).where(or_(WebRematch.game_id.in_(ids), WebRematch.new_game_id.in_(ids))))
            s.execute(delete(WebAction).where(WebAction.game_id.in_(ids)))
            s.execute(delete(WebChatMessage).where(WebChatMessage.game_id.in_(ids)))
            s.execute(delete(WebSeat).where(WebSeat.game_id.in_(ids)))
            s.execute(delete(WebGame).where(WebGame.id.in_(ids)))
        for game_id in ids:
            self.cache.drop(game_id)
        self.chat.forget(ids)
        return ids

    def log(self, game_id: str) -> list[WebAction]:
        with self.session() as s:
            return list(s.scalars(select(WebAction).where(WebAction.game_id == game_id).order_by(WebAction.seq)))

    def games(self, status: str | None = None, limit: int = 50) -> list[WebGame]:
        with self.session() as s:
            q = select(WebGame).order_by(WebGame.created_at.desc()).limit(limit)
            if status:
                q = q.where(WebGame.status == status)
            return list(s.scalars(q))
