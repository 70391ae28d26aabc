"""The lobby's form in a player's words (issue 28): each game's option fields have a label without underscores
(≥ 80%) and a visible one-line description (≥ 50%), computed from the rendered form; common options first, the
rule variants folded under "Advanced"; seats offer bots by strength while the value sent stays ``bot:NAME``."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from gamewright.core.manifest import game_names, manifest_for

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "area", "col", "embed", "wbr"}


class FormParts(HTMLParser):
    """The option controls (``opt.*``) of a rendered form, the text of every label (by its ``for``) and of every
    element with an id, and which controls sit inside a ``<details>``. Text in attributes (a ``title``
    tooltip) is not text: only what the page shows counts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[dict[str, str | bool]] = []
        self.labels: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.options: dict[str, list[tuple[str, str]]] = {}  # a select's name: (value, shown text) of each option
        self.values: dict[str, str] = {}  # what the browser sends untouched: an input's value, a select's choice
        self._open: list[tuple[str, str | None, str | None]] = []  # (tag, id, label-for)
        self._details = 0
        self._select: str | None = None
        self._option: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "details":
            self._details += 1
        if tag in ("input", "select", "textarea") and a.get("name", "").startswith("opt."):
            self.controls.append({"name": a["name"], "id": a.get("id", ""), "described": a.get("aria-describedby", ""),
                                  "advanced": self._details > 0})
        if tag == "input" and "name" in a:
            self.values[a["name"]] = a.get("value", "")
        if tag == "select":
            self._select = a.get("name", "")
            self.options[self._select] = []
        if tag == "option":
            self._option = a.get("value", "")
            if self._select is not None and ("selected" in a or self._select not in self.values):
                self.values[self._select] = self._option  # the selected one, else the first
        if tag not in VOID:
            self._open.append((tag, a.get("id"), a.get("for") if tag == "label" else None))

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self._details -= 1
        if tag == "select":
            self._select = None
        while self._open:
            open_tag, _, _ = self._open.pop()
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for _tag, ident, label_for in self._open:
            if ident:
                self.texts[ident] = self.texts.get(ident, "") + data
            if label_for:
                self.labels[label_for] = self.labels.get(label_for, "") + data
        if self._select is not None and self._option is not None and self._open and self._open[-1][0] == "option":
            self.options[self._select].append((self._option, data.strip()))


def parts(client: TestClient, game: str) -> FormParts:
    form = client.get("/lobby/form", params={"game": game})
    assert form.status_code == 200
    parser = FormParts()
    parser.feed(form.text)
    return parser


@pytest.mark.parametrize("game", game_names())
def test_option_fields_have_labels_and_visible_descriptions(client: TestClient, game: str) -> None:
    p = parts(client, game)
    lobby_options = [o for o in manifest_for(game).options if o.name != "players" and o.group != "outside"]
    assert len(p.controls) == len(lobby_options) > 0  # every option the lobby offers, each once
    labelled = [c for c in p.controls if p.labels.get(str(c["id"]), "").strip()
                and "_" not in p.labels[str(c["id"])]]
    described = [c for c in p.controls if c["described"] and p.texts.get(str(c["described"]), "").strip()]
    assert len(labelled) / len(p.controls) >= 0.8, [c["name"] for c in p.controls if c not in labelled]
    assert len(described) / len(p.controls) >= 0.5, [c["name"] for c in p.controls if c not in described]
    for select, shown in p.options.items():  # the choices read as words too (the value sent is unchanged)
        assert all("_" not in words and words for _, words in shown), (select, shown)


@pytest.mark.parametrize("game", game_names())
def test_common_options_come_first_and_rule_variants_fold_under_advanced(client: TestClient, game: str) -> None:
    p = parts(client, game)
    common = {f"opt.{o.name}" for o in manifest_for(game).options if o.group == "common"}
    flags = [bool(c["advanced"]) for c in p.controls]
    assert flags == sorted(flags)  # no common field after an advanced one
    assert all(c["advanced"] == (c["name"] not in common) for c in p.controls)
    text = client.get("/lobby/form", params={"game": game}).text
    assert "<details open" not in text  # Advanced starts folded: "Create" alone takes the defaults


def test_affinitys_rest_rule_is_not_a_fight_option(client: TestClient) -> None:
    assert "rest_resolve" not in client.get("/lobby/form", params={"game": "affinity"}).text
    made = client.post("/api/games", json={"game": "affinity", "seats": ["human", "bot:greedy"],
                                           "options": {"rest_resolve": "half"}})
    assert made.status_code == 201  # still an option of the game (the API and the CLI take it)


@pytest.mark.parametrize("game", game_names())
def test_seats_offer_bots_by_strength_and_send_bot_names(client: TestClient, game: str) -> None:
    m = manifest_for(game)
    p = parts(client, game)
    form = client.get("/lobby/form", params={"game": game}).text
    seat0 = p.texts["seat-0"]
    assert "Human" in seat0 and "Hard bot" in seat0 and "Random" in seat0 and "bot:" not in seat0
    for name in m.bot_names():
        assert f'value="bot:{name}"' in form  # the value sent is the API's seat name
    assert f'<option value="bot:{m.best_bot}" >Hard bot</option>' in form
    if m.seats == (2, 2):  # a two-seat game: a person against the best bot unless the form is changed
        assert m.lobby_seats() == ("human", f"bot:{m.best_bot}")
        assert f'<option value="bot:{m.best_bot}" selected>Hard bot</option>' in form


def test_create_alone_starts_a_game_with_the_forms_defaults(client: TestClient) -> None:
    """The lobby form as a browser sends it untouched (every default) makes a game against the bot."""
    for game in game_names():
        p = parts(client, game)
        form = {"game": game, "listed": "on", "seed": "", "timer": "", **p.values}
        assert form["seat.0"] == "human"
        made = client.post("/games", data=form)
        assert made.status_code == 200 and "Invite link" in made.text, made.text[-600:]
        if manifest_for(game).seats == (2, 2):
            assert "Hard bot" in made.text
