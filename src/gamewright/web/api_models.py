"""The JSON API's bodies as pydantic models: they document the API (``/openapi.json``, ``/docs``) and validate
what comes in. The routes keep their own check order and ``{"error": …}`` answers (an exact interface), so a
model never answers a request itself: ``api.read_model`` turns a refusal into the route's 400."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr


class Body(BaseModel):
    """A request body: unknown fields are refused, types are not coerced ("7" is not a seq)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Answer(BaseModel):
    """An answer: the fields listed are always sent; a later version may add fields (never rename or drop)."""

    model_config = ConfigDict(extra="allow")


# ---- requests


class CreateGame(Body):
    """``POST /api/games``. ``len(seats)`` sets the players (a conflicting ``players`` option is 400)."""

    game: StrictStr = Field(description="the game's name, e.g. penance", examples=["penance"])
    ruleset: StrictStr | None = Field(None, description="a named ruleset, or null for the game's default")
    options: dict[str, Any] | None = Field(None, description="NAME: value per game option",
                                           examples=[{"decks": "confessor,ironclad"}])
    seed: StrictInt | None = Field(None, description="the seed (omitted or null: a random, secret seed)")
    seats: list[StrictStr] = Field(description='one per player: "human" or "bot:NAME"', min_length=1,
                                   examples=[["human", "bot:heuristic"]])
    timer: float | None = Field(None, description="seconds per turn (5 to 86400), or null")
    listed: StrictBool = Field(False, description="offer the unclaimed human seats in the lobby")
    prince: StrictStr | None = Field(None, description="Space Prince only: play this minted Prince's run")
    spectator_chat: StrictBool = Field(False, description="spectators may write in the game's chat (they always "
                                                          "read it)")


class PlayAction(Body):
    """``POST /api/games/{id}/actions`` with the seat's bearer token."""

    model_config = ConfigDict(extra="ignore", strict=True)  # other fields have always been ignored here

    action: StrictStr = Field(description="the action's text form", examples=["allocate engines 2; end"])
    seq: StrictInt = Field(description="the seq you last saw (stale: 409)")


class PostChat(Body):
    """``POST /api/games/{id}/chat`` with a seat's bearer token (or none: a spectator, where the game allows it)."""

    text: StrictStr = Field(description="plain text, 1 to 500 characters (markup is shown as text)",
                            examples=["good luck, have fun"])


# ---- answers


class ErrorBody(BaseModel):
    """Every refusal: a status code and one sentence."""

    error: str


class CharacterLink(Answer):
    character: int
    name: str
    token: str
    url: str


class CreatedSeat(Answer):
    seat: int
    kind: str = Field(description='"human" or "bot"')
    bot: str | None
    token: str | None = Field(description="a human seat's token (shown only now); null for a bot")
    url: str | None = Field(description="a human seat's invite URL")
    characters: list[CharacterLink] | None = Field(
        None, description="a seat shared by characters: one link per character as well")


class CreatedGame(Answer):
    id: str
    game: str
    seats: list[CreatedSeat]
    spectate_url: str


class Seat(Answer):
    seat: int
    kind: str
    bot: str | None
    name: str | None
    away: bool


class SeedChosen(Answer):
    by: int | None = Field(description="the seat that chose it; null: chosen through the API")
    seed: int


class GameState(Answer):
    """``view`` is ``view_for(you)`` or the public view; ``legal`` your legal actions' text forms on your turn."""

    id: str
    game: str
    seq: int
    current_player: int | None
    terminal: bool
    returns: list[float] | None
    you: int | None
    view: Any
    legal: list[str]
    seats: list[Seat]
    seed_chosen: SeedChosen | None = Field(None, description="sent when the seed was chosen (open information)")
    seed: int | None = Field(None, description="sent once the game is over")


class Played(Answer):
    seq: int = Field(description="the new seq")
    events: list[dict[str, Any]] = Field(description="the events you may see")


class LogSeat(Answer):
    seat: int
    kind: str
    bot: str | None
    name: str | None


class LogAction(Answer):
    seq: int
    seat: int | None
    action: str
    bot: bool


class GameLog(Answer):
    id: str
    game: str
    ruleset: str | None
    options: dict[str, Any] | None
    seed: int
    seats: list[LogSeat]
    actions: list[LogAction]
    returns: list[float]


class Update(Answer):
    """One ``data:`` line of the stream (its ``id:`` is the seq)."""

    seq: int
    seat: int | None
    events: list[dict[str, Any]]
    head: int
    current_player: int | None
    terminal: bool


class ChatMessage(Answer):
    """One chat message, as every viewer of the game sees it (also the data of the stream's ``chat`` events)."""

    n: int = Field(description="its number in the game's chat: 1, 2, …")
    seat: int | None = Field(description="the seat that wrote it; null: a spectator")
    label: str = Field(description='the seat\'s label ("P1"), or "Spectator"')
    name: str | None = Field(description="the seat's chosen name")
    text: str = Field(description="plain text")
    seq: int = Field(description="the game's seq when it was posted")
    at: str = Field(description="when it was posted (ISO 8601, UTC)")


class PresenceSeat(Answer):
    seat: int
    label: str
    kind: str = Field(description='"human" or "bot"')
    bot: str | None
    name: str | None
    connected: bool = Field(description="a page or live stream of this seat is open now (as this server process "
                                        "counts)")
    away: bool = Field(description="its timer ran out: a bot plays for it until its player moves again")


class Presence(Answer):
    """Who is at the table (also the data of the stream's ``presence`` events)."""

    seats: list[PresenceSeat]
    spectators: int = Field(description="spectators' live streams open now")


class ChatLog(Answer):
    id: str
    messages: list[ChatMessage] = Field(description="in order, numbered after `after` (at most 200)")
    more: bool = Field(description="more messages follow: ask again with `after` = the last `n`")
    you_may_write: bool
    spectators_may_write: bool
    presence: Presence


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for refusals: each code answers ``{"error": …}``."""
    return {code: {"model": ErrorBody, "description": DESCRIPTIONS.get(code, "refused")} for code in codes}


DESCRIPTIONS = {
    400: "the body or a parameter is not what the API takes",
    403: "a token of no seat of this game, or not your turn",
    404: "no such game",
    409: "a stale seq (or a Prince with another run in progress)",
    413: "the body is larger than 64 KiB",
    415: "the body was not sent as application/json",
    422: "an unreadable or illegal action (nothing changed)",
    429: "too many requests: see Retry-After",
    503: "the database could not be reached: see Retry-After",
}
