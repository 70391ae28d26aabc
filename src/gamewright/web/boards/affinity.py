"""Affinity's board: the fight on one screen — the battle map with the last moves drawn on it, the acting
fighter's actions grouped by ability with their odds (the target chosen on the map or by name, the exertion
dice with a switch), the exact preview of the chosen action beside its confirm button, and every fighter's
sheet in one compact line with the details on demand.

Built from what the seat may see (``Seen``): the view (everything on an Affinity table is public but the random
stream), the legal action texts and their exact previews on the viewer's own turn, and the events of the last
moves. Previews are computed only when the page shows the actions (``menu`` is called by the template)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from markupsafe import Markup

from gamewright.core.rng import Rng
from gamewright.games.affinity.reach import reach_map
from gamewright.web.boards import Seen
from gamewright.web.numbers import num, pct

TEMPLATE = "affinity.html"
CELL = 44  # SVG units per square
SIDES = ("party", "creatures")
# flags on a fighter's sheet, in words (the view's own field names never reach the page)
FLAGS = {"prone": "prone", "stunned": "stunned", "stabilized": "stabilized", "communing": "communing",
         "steadfast": "steadfast", "oath_ready": "oath ready", "exerted_turn": "exerted this turn"}
KEY_FLAGS = ("prone", "stunned", "stabilized")  # shown on the sheet's one line; the rest under its details
COUNTERS = {"defend_bonus": "defending +{}d6", "ward_bonus": "warded +{}d6", "rally_dice": "{} rally dice",
            "affinity": "{} Affinity dice", "held": "holding {} action(s)", "purpose_rounds": "purpose {} round(s)",
            "htl_rounds": "holding the line {} round(s)"}
KEY_COUNTERS = ("defend_bonus", "held")
SHOWN_MOVES = 12  # the last moves drawn on the map reach back at most this far
# where the fighters sharing a square stand in it (offsets from its middle), by how many share it
FAN = (((0, 0),), ((-10, -10), (10, 10)), ((-11, -11), (11, -11), (0, 11)),
       ((-11, -11), (11, -11), (-11, 11), (11, 11)))
REF = re.compile(r"\s*\((?:ref|00\d|RULINGS)[^)]*\)")  # a rules reference in an engine text: the "?" links say it


class Choice(NamedTuple):
    """One legal action's text read into its parts (the text form of ``games.affinity`` actions:
    ``end | hold | move T | share A to T | use KEY [on T] [exert E] [affinity A]``)."""

    verb: str
    ability: str = ""
    target: int = -1
    exertion: int = 0
    affinity: int = 0


def parse_choice(text: str) -> Choice:
    """The parts of a legal action's text; a text of another shape is kept whole as its own verb."""
    words = text.split()
    try:
        if words[0] == "move" and len(words) == 2:
            return Choice("move", target=int(words[1]))
        if words[0] == "share" and len(words) == 4 and words[2] == "to":
            return Choice("share", target=int(words[3]), affinity=int(words[1]))
        if words[0] == "use" and len(words) >= 2 and len(words) % 2 == 0:
            parts = dict(zip(words[2::2], (int(w) for w in words[3::2]), strict=True))
            if set(parts) <= {"on", "exert", "affinity"}:
                return Choice("use", words[1], parts.get("on", -1), parts.get("exert", 0), parts.get("affinity", 0))
    except (IndexError, ValueError):
        pass
    return Choice(text)


def words_of(key: str) -> str:
    """A key in words: ``hunters_strike`` → ``Hunters strike`` (the engine's own names are used where known)."""
    return key.replace("_", " ").strip().capitalize()


def short_label(name: str) -> str:
    """A token's label: initials and number (``Pall-Wolf 2`` → ``PW2``), else the first two letters."""
    parts = re.split(r"[\s-]+", name.strip())
    number = "".join(p for p in parts if p.isdigit())
    letters = [p for p in parts if p and not p.isdigit()]
    if number or len(letters) > 2:
        return ("".join(p[0] for p in letters[:2]) + number)[:4] or name[:3]
    return name[:2]


def fighter_card(f: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """One fighter's sheet in words: its one-line summary (HD, Resolve, key conditions) and the details."""
    chips = [] if f["status"] == "ok" else [f["status"]]
    chips += [FLAGS[k] for k in KEY_FLAGS if f.get(k)]
    chips += [COUNTERS[k].format(f[k]) for k in KEY_COUNTERS if f.get(k)]
    if f.get("pending"):
        chips.append("Resolve check due")
    details = [FLAGS[k] for k in FLAGS if k not in KEY_FLAGS and f.get(k)]
    details += [COUNTERS[k].format(f[k]) for k in COUNTERS if k not in KEY_COUNTERS and f.get(k)]
    if f.get("mark", -1) >= 0:
        details.append(f"marks {names.get(f['mark'], '?')}")
    if f.get("analysed", -1) >= 0:
        details.append(f"analysed {names.get(f['analysed'], '?')}")
    if f.get("pending"):
        details.append(f"a Resolve check is due: {f['pending']}")
    return {
        "idx": f["idx"], "name": f["name"], "label": short_label(f["name"]), "side": SIDES[f["side"]],
        "side_no": f["side"], "kind": words_of(f["key"]).title() if not f.get("pc") else words_of(f["key"]),
        "hd": f["hd"], "hd_max": f["hd_max"], "hd_die": f["hd_die"], "resolve": f["resolve"],
        "resolve_max": f["resolve_max"], "mindless": f["mindless"], "status": f["status"],
        "layers": f["layers"], "chips": chips, "details": details, "x": f["x"], "y": f["y"],
        "actions_left": f["actions_left"], "move_left": f["move_left"],
        "hd_part": round(100 * f["hd"] / f["hd_max"]) if f["hd_max"] else 0,
        "resolve_part": round(100 * f["resolve"] / f["resolve_max"]) if f["resolve_max"] else 0,
    }


def public_position(view: dict[str, Any]) -> Any:
    """A stand-in combat built from the view alone, for the engine's map questions (``reach_map``): a view is the
    position's own record without its random stream, so nothing hidden is needed or given (a fresh stream
    stands in for it and is never drawn from)."""
    from gamewright.games.affinity.combat import CombatState

    return CombatState.from_json({**view, "rng": Rng(0).get_state()})


def _between(a: dict[str, Any], b: dict[str, Any], trim: float = 15) -> dict[str, float]:
    """A link from token ``a`` to token ``b``, cut short at both ends (drawn under the tokens)."""
    dx, dy = b["cx"] - a["cx"], b["cy"] - a["cy"]
    length = math.hypot(dx, dy) or 1.0
    k = min(trim, length / 2 - 1) / length
    return {"x1": round(a["cx"] + dx * k, 1), "y1": round(a["cy"] + dy * k, 1),
            "x2": round(b["cx"] - dx * k, 1), "y2": round(b["cy"] - dy * k, 1)}


def battle_map(cards: list[dict[str, Any]], active: int, reach: dict[str, Any]) -> dict[str, Any]:
    """Tokens, the acting fighter's reach and the melee zones, all from the engine (``reach_map``); the map
    grows to show every square free movement reaches, and attack reach is drawn where it falls on the map."""
    xs = [c["x"] for c in cards] + [s[0] for s in reach["move"]]
    ys = [c["y"] for c in cards] + [s[1] for s in reach["move"]]
    x0, y0 = min(xs) - 1, min(ys) - 1
    cols, rows = max(xs) - x0 + 2, max(ys) - y0 + 2

    def cells(squares: list[list[int]]) -> list[dict[str, int]]:
        return [{"x": x, "y": y, "px": (x - x0) * CELL, "py": (y - y0) * CELL} for x, y in squares
                if 0 <= x - x0 < cols and 0 <= y - y0 < rows]

    shared: dict[tuple[int, int], list[int]] = {}  # fighters may share a square: the living ones share it out
    for c in cards:
        if c["status"] != "dead":
            shared.setdefault((c["x"], c["y"]), []).append(c["idx"])
    tokens = []
    for c in sorted(cards, key=lambda c: c["status"] != "dead"):  # the dead under the living
        here = shared.get((c["x"], c["y"]), [c["idx"]])
        fan = FAN[min(len(here), len(FAN)) - 1]
        if c["idx"] in here:
            dx, dy = fan[here.index(c["idx"]) % len(fan)]
        else:  # the fallen in a square someone stands on: its corner, not under the living token
            dx, dy = (0, 0) if (c["x"], c["y"]) not in shared else (CELL // 2 - 7, CELL // 2 - 7)
        tokens.append({**c, "cx": (c["x"] - x0) * CELL + CELL // 2 + dx, "cy": (c["y"] - y0) * CELL + CELL // 2 + dy,
                       "active": c["idx"] == active, "stacked": len(here) > 1 and c["idx"] in here,
                       "alone": (c["x"], c["y"]) not in shared or c["idx"] in here,
                       "size": 16 if len(here) == 1 else 11 if len(here) == 2 else 9})
    at = {t["idx"]: t for t in tokens}
    links = [{"a": a, "b": b, **_between(at[a], at[b])} for a, b in reach["engaged"]]
    return {"width": cols * CELL, "height": rows * CELL, "cell": CELL, "cols": range(cols + 1),
            "rows": range(rows + 1), "tokens": tokens, "at": at, "x0": x0, "y0": y0, "attack": cells(reach["attack"]),
            "move": cells(reach["move"]), "threatened": cells(reach["threatened"]), "links": links,
            "attack_radius": reach["attack_radius"], "move_squares": reach["move_squares"]}


# --- the last moves, drawn on the map ---------------------------------------------------------------------
def shown_moves(seen: Seen) -> list[int]:
    """The moves whose outcome the map shows: back from the last one to the viewer's own latest move (a
    spectator: the last move's fighter's turn), at most ``SHOWN_MOVES``."""
    last = len(seen.events) - 1
    out: list[int] = []
    for k in range(last, max(0, last - SHOWN_MOVES), -1):
        out.append(k)
        mover = seen.movers[k] if k < len(seen.movers) else -1
        if seen.seat is not None and mover == seen.seat:
            break
        if seen.seat is None and k < last and mover != seen.movers[last]:
            out.pop()
            break
    return out[::-1]


def _square_before(seen: Seen, who: int, move: int, event: int, fighters: list[dict[str, Any]]) -> tuple[int, int]:
    """Where fighter ``who`` stood before event ``event`` of move ``move``: where its latest earlier step in the
    events took it, else its starting square (the engine's placement: the party in column 0, the creatures
    ``START_GAP`` squares away, each side's fighters one row apart in their order)."""
    from gamewright.games.affinity.combat_fighters import START_GAP

    for k in range(move, 0, -1):
        events = seen.events[k] if k < move else seen.events[k][:event]
        for e in reversed(events):
            if e.get("event") in ("move", "push") and e.get("who") == who and "to" in e:
                return int(e["to"][0]), int(e["to"][1])
    side = next(f["side"] for f in fighters if f["idx"] == who)
    row = [f["idx"] for f in fighters if f["side"] == side].index(who)
    return (0 if side == 0 else START_GAP), row


def _target_in(text: str, names: dict[int, str]) -> int | None:
    """The fighter a roll's text names as its target (``… uses Bite on Bram: …``)."""
    for idx, name in sorted(names.items(), key=lambda kv: -len(kv[1])):
        if f" on {name}:" in text:
            return idx
    return None


def last_moves(seen: Seen, fighters: list[dict[str, Any]], names: dict[int, str],
               at: dict[int, dict[str, Any]], x0: int, y0: int) -> dict[str, Any]:
    """The shots (attacker → target, hit or miss), the hits flashed (HD lost), the paths walked and the short
    story of the moves the map shows since the viewer's own last move."""
    shots: list[dict[str, Any]] = []
    hits: dict[int, int] = {}
    paths: list[dict[str, Any]] = []
    story: list[str] = []
    for k in shown_moves(seen):
        for i, e in enumerate(seen.events[k]):
            kind, who = e.get("event"), e.get("who")
            if kind == "roll" and who in at:
                target = _target_in(str(e.get("text", "")), names)
                if target is not None and target != who and target in at:
                    shots.append({**_between(at[who], at[target], 18), "hit": bool(e.get("success")),
                                  "a": who, "b": target})
                story.append(REF.sub("", str(e.get("text", ""))))
            elif kind == "damage" and who in at:
                hits[who] = hits.get(who, 0) + int(e.get("lost", 0))
                by = e.get("by")
                if by in at and by != who and not any(s["a"] == by and s["b"] == who for s in shots):
                    shots.append({**_between(at[by], at[who], 18), "hit": True, "a": by, "b": who})
                story.append(REF.sub("", str(e.get("text", ""))))
            elif kind in ("move", "push") and who in at and "to" in e:
                start = _square_before(seen, who, k, i, fighters)
                end = (int(e["to"][0]), int(e["to"][1]))
                if start != end:
                    here = end == (at[who]["x"], at[who]["y"])  # it still stands there: to its token
                    paths.append({"x1": (start[0] - x0) * CELL + CELL // 2, "y1": (start[1] - y0) * CELL + CELL // 2,
                                  "x2": at[who]["cx"] if here else (end[0] - x0) * CELL + CELL // 2,
                                  "y2": at[who]["cy"] if here else (end[1] - y0) * CELL + CELL // 2,
                                  "who": who, "move": k, "from": start, "to": end})
                story.append(REF.sub("", str(e.get("text", ""))))
            elif kind in ("status", "heal", "free_strike", "stun", "prone"):
                story.append(REF.sub("", str(e.get("text", ""))))
    return {"shots": shots, "hits": hits, "paths": paths, "story": story[-4:]}


# --- the acting fighter's actions, grouped --------------------------------------------------------------
def _exact(x: Any) -> Fraction:
    """A preview's exact value (``{"p": "n/d", …}`` or ``"n/d"``) as a Fraction (read directly: the board reads
    dozens per position)."""
    text = str(x["p"] if isinstance(x, dict) else x)
    top, _, bottom = text.partition("/")
    return Fraction(int(top), int(bottom or 1))


def _at_least(dist: dict[str, Any], k: int) -> Fraction:
    return sum((_exact(p) for v, p in dist.items() if int(v) >= k), Fraction(0))


def _expected(dist: dict[str, Any]) -> Fraction:
    return sum((int(v) * _exact(p) for v, p in dist.items()), Fraction(0))


def needs(dice: dict[str, Any]) -> str:
    """The roll in words: ``needs 2 successes from 3 dice at 4+``."""
    req, pool = int(dice["required"]), int(dice["safe"]) + int(dice["exertion"])
    return (f"needs {req} success{'' if req == 1 else 'es'} from {pool} {'die' if pool == 1 else 'dice'} "
            f"at {dice['threshold']}+")


def defence_link(f: dict[str, Any], tg: dict[str, Any]) -> str:
    """The defence tool on this target: its layers and body, its defence rolls and bonus dice, and the damage
    this attack most likely deals."""
    from gamewright.web.assistants_affinity import defend_link

    rows = [(la["label"], la["count"], la["sides"]) for la in f["layers"] if la["count"]]
    rows.append(("body", f["hd"], f["hd_die"]))
    dist = tg.get("damage") or {}
    damage = max(dist, key=lambda k: _exact(dist[k])) if dist else 1
    return defend_link(rows[:5], capacity=tg.get("capacity", 1), damage=damage, bonus=tg.get("defence_bonus", 0))


def choice_view(text: str, choice: Choice, p: dict[str, Any], fighters: dict[int, dict[str, Any]],
                names: dict[int, str], title: str) -> dict[str, Any]:
    """One legal action's preview as the panel shows it: the exact values kept (``pct``/``num`` show them short,
    exact on demand), plus what a player asks first — the chance to bring a target to 0 HD — and the links that
    open this pool and each target's defence in the tools."""
    from gamewright.web.assistants_affinity import odds_link

    hits = []
    for tg in p.get("targets") or []:
        hd = int(fighters[tg["idx"]]["hd"]) if tg["idx"] in fighters else 0
        resolve = _exact(tg.get("resolve_check", 0))
        hits.append({"idx": tg["idx"], "name": tg["name"], "expected_p": tg["expected_hd_lost"]["p"], "hd": hd,
                     "expected": _exact(tg["expected_hd_lost"]), "capacity": tg.get("capacity"),
                     "down": _at_least(tg["hd_lost"], hd) if hd > 0 else None,
                     "bonus": tg.get("defence_bonus", 0), "notes": [REF.sub("", n) for n in tg.get("notes", [])],
                     "lost": [(k, _exact(x)) for k, x in tg["hd_lost"].items()], "resolve": resolve or None,
                     "tool": defence_link(fighters[tg["idx"]], tg) if tg["idx"] in fighters else ""})
    dice = p.get("dice")
    burned = p.get("hd_burned") or {}
    check = p.get("resolve_check")
    target = names.get(choice.target, "")
    if choice.verb == "move":
        label = f"Move toward {target}"
    elif choice.verb == "share":
        label = f"Share {choice.affinity} Affinity {'die' if choice.affinity == 1 else 'dice'} with {target}"
    else:
        label = f"{title} {'on ' + target if target else ''}".strip()
        if choice.exertion:
            label += f", {choice.exertion} exertion {'die' if choice.exertion == 1 else 'dice'}"
        if choice.affinity:
            label += f", {choice.affinity} Affinity {'die' if choice.affinity == 1 else 'dice'}"
    return {
        "action": text, "target": choice.target, "exertion": choice.exertion, "affinity": choice.affinity,
        "label": label, "success": _exact(p["success"]) if "success" in p else None,
        "success_p": p["success"]["p"] if "success" in p else "",
        "needs": needs(dice) if dice else "",
        "tool": odds_link(dice=dice["safe"], exertion=dice["exertion"], threshold=dice["threshold"],
                          required=dice["required"]) if dice else "",
        "successes": [(k, x["float"], int(k) >= dice["required"]) for k, x in p["successes"].items()]
        if dice and p.get("successes") else [],
        "hits": hits, "expected": sum((h["expected"] for h in hits), Fraction(0)) if hits else None,
        "burn_any": _at_least(burned, 1) if burned else None, "burn_expected": _expected(burned) if burned else None,
        "check": (_exact(check["p"]) or None) if check else None,
        "check_why": ", ".join(check.get("triggers") or {}) if check else "",
        "move": p.get("move"), "effect": REF.sub("", p.get("effect", "")) if p.get("effect") else "",
        "healed": _expected(p["healed"]) if p.get("healed") else None,
    }


def _rank(c: dict[str, Any]) -> tuple[Any, ...]:
    """The choice a group opens on: no exertion and no Affinity dice spent, the most damage, the best odds."""
    return (c["exertion"] + c["affinity"], -(c["expected"] or 0), -(c["success"] or 1), c["target"])


def action_menu(seen: Seen, names: dict[int, str]) -> dict[str, Any]:
    """The legal actions grouped by ability (or move, share): each group's targets and exertion levels, each
    choice's exact preview; the turn's plain ends (``end``, ``hold``) apart."""
    fighters = {f["idx"]: f for f in seen.view["fighters"]}
    groups: dict[str, dict[str, Any]] = {}
    plain = []
    for text in seen.legal:
        choice = parse_choice(text)
        if choice.verb not in ("use", "move", "share"):
            effect = seen.preview(text).get("effect", "")
            plain.append({"action": text, "effect": REF.sub("", effect),
                          "label": {"end": "End the turn", "hold": "Hold the actions"}.get(text, words_of(text))})
            continue
        key = choice.ability if choice.verb == "use" else choice.verb
        p = seen.preview(text)
        if key not in groups:
            title = (p.get("ability") or {}).get("name") or {"move": "Move", "share": "Share Affinity dice"}.get(
                key, words_of(key))
            groups[key] = {"key": key, "verb": choice.verb, "title": title, "choices": [],
                           "tier": (p.get("ability") or {}).get("tier", "")}
        groups[key]["choices"].append(choice_view(text, choice, p, fighters, names, groups[key]["title"]))
    out = []
    for n, g in enumerate(groups.values()):
        choices = g["choices"]
        for i, c in enumerate(choices):
            c["id"] = f"aff-c{n}-{i}"
        first = min(choices, key=_rank)
        targets = sorted({c["target"] for c in choices if c["target"] >= 0},
                         key=lambda t: min(_rank(c) for c in choices if c["target"] == t))
        out.append({**g, "id": f"aff-g{n}", "first": first,
                    "targets": [{"idx": t, "name": names.get(t, str(t))} for t in targets],
                    "exertions": sorted({c["exertion"] for c in choices}),
                    "affinities": sorted({c["affinity"] for c in choices}) if g["verb"] == "use" else [],
                    "amounts": sorted({c["affinity"] for c in choices}) if g["verb"] == "share" else [],
                    "damage": any(c["hits"] for c in choices)})
    # attacks first (most expected damage first), then the other abilities in the engine's order, then moving
    out.sort(key=lambda g: (g["verb"] != "use", not g["damage"], -(g["first"]["expected"] or 0) if g["damage"] else 0))
    return {"groups": out, "plain": plain}


@lru_cache(maxsize=4096)
def short_pct(x: Fraction) -> Markup:
    """``numbers.pct`` of an exact chance, remembered: a fight's chances come from few dice, so they repeat within
    a position and between positions (the page shows dozens)."""
    return pct(x)


@lru_cache(maxsize=4096)
def short_num(x: Fraction) -> Markup:
    """``numbers.num`` of an exact expectation, remembered like ``short_pct``."""
    return num(x)


def board_context(seen: Seen) -> dict[str, Any]:
    view = seen.view
    names = {f["idx"]: f["name"] for f in view["fighters"]}
    cards = [fighter_card(f, names) for f in view["fighters"]]
    acting_now = view["active"] if view["winner"] is None else -1  # a finished fight has no one acting
    the_map = battle_map(cards, acting_now, reach_map(public_position(view)))
    acting = next((c for c in cards if c["idx"] == view["active"]), None)
    menu: Callable[[], dict[str, Any]] | None = (lambda: action_menu(seen, names)) if seen.mine else None
    return {"round": view["round"], "active": view["active"], "acting": acting,
            "active_name": names.get(view["active"], ""), "winner": view["winner"], "fighters": cards,
            "party": [c for c in cards if c["side_no"] == 0], "foes": [c for c in cards if c["side_no"] == 1],
            "map": the_map, "names": names, "seq": seen.seq,
            "last": last_moves(seen, view["fighters"], names, the_map["at"], the_map["x0"], the_map["y0"]),
            "menu": menu, "pct": short_pct, "num": short_num}
