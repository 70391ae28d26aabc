"""Space Prince's board: the Prince's wheel beside the opponent's, the planets drawn large with their affliction,
the last turn shown on both wheels (the planets that met, what each planet took, the aspect lines that carried
it, played in order unless motion is off), and seven compact choice cards — a card or a planet on the wheel
selects, a panel shows that planet's preview, its button sends it.

Everything comes from what the seat may see (``Seen``): its view, the legal planets, the engine's previews and
the last move's events; the wheels are ``games/prince/svg.py``'s, with this board's own planet marks on top.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from gamewright.games.how_to_play import action_id
from gamewright.games.prince.chart import EARLIEST, Chart, Moment, chart_of_sky, compute_chart
from gamewright.games.prince.options import config_for
from gamewright.games.prince.resolve import profile_for, threshold
from gamewright.games.prince.svg import PLANET_GLYPHS, WheelLook, WheelProgress, chart_svg, layout_labels
from gamewright.games.prince.tables import PLANETS, SIGNS
from gamewright.web.boards import Seen
from gamewright.web.numbers import exact_of, exact_text

TEMPLATE = "prince.html"
SIDES = {"player": "you", "opponent": "opp"}  # preview/event side → the wheel's id prefix
WORDS = {"player": "your", "opponent": "their"}
# The part of svg.py's 860×920 drawing a board shows: the wheel with its ASC/DSC marks, without the title lines,
# the corner legends and the footnotes (the board says those in words, at a size a person can read).
VIEWBOX = 'viewBox="18 124 824 732"'
MEETING = {  # polarity → what the meeting does, in words (000 §13a step 3; the rules page's "A turn")
    "testimony": "both heal",
    "friction": "both hurt, at half strength",
    "affliction": "both hurt",
}
LAST_STEPS = 12  # CSS delay classes f0..f11 (one a 0.8 s step); a longer spread shares the last delay


# --- the wheels -------------------------------------------------------------------------------------------------
def sign_chart(chart_json: dict[str, Any]) -> Chart:
    """A chart known by its signs only (the view's ``{"signs", "asc_sign"}``): each planet placed inside its sign,
    neighbours in one sign spread apart. Whole-sign houses and sign aspects are exact; degrees are not shown."""
    signs = {p: SIGNS.index(s) for p, s in chart_json["signs"].items()}
    longitudes: dict[str, float] = {}
    for sign in set(signs.values()):
        here = [p for p in PLANETS if signs[p] == sign]
        for k, p in enumerate(here):
            longitudes[p] = sign * 30 + 30 * (k + 1) / (len(here) + 1)
    asc_sign = SIGNS.index(chart_json["asc_sign"]) if chart_json.get("asc_sign") else 0
    return chart_of_sky(Moment(EARLIEST, 0.0, 0.0), asc_sign * 30 + 15.0, longitudes)


def aspect_id(prefix: str, a: str, b: str) -> str:
    """The id ``chart_svg`` gives the a–b aspect line (pairs in PLANETS order)."""
    p1, p2 = sorted((a, b), key=PLANETS.index)
    return f"{prefix}-aspect-{p1}-{p2}"


Box = tuple[float, float, float, float]  # a planet label's centre x, y, width, height (svg.py's layout)


@lru_cache(maxsize=64)
def _your_wheel(signs: tuple[str, ...], asc: str, sect: str, unlocked: frozenset[str],
                active: frozenset[frozenset[str]], lit: tuple[int, ...]) -> tuple[str, dict[str, Box], Chart]:
    """The Prince's wheel (its drawing and label boxes): the same for every turn until its progress changes."""
    chart = sign_chart({"signs": dict(zip(PLANETS, signs, strict=True)), "asc_sign": asc})
    svg = chart_svg(chart, "Your Prince", WheelProgress(unlocked, active, lit),
                    WheelLook("you", inline=True, degrees=False,
                              subtitle=f"{'day' if sect == 'day' else 'night'} chart · ASC {asc}"))
    return svg, _boxes(chart), chart


@lru_cache(maxsize=16)
def _their_wheel(time: str, lat: float, lon: float) -> tuple[str, dict[str, Box], Chart]:
    """An opponent's wheel from its birth moment (its planets at their true degrees)."""
    chart = compute_chart(Moment.from_json({"time": time, "lat": lat, "lon": lon}))
    return chart_svg(chart, "Opponent", None, WheelLook("opp", inline=True)), _boxes(chart), chart


def _boxes(chart: Chart) -> dict[str, Box]:
    return {p: (b.x, b.y, b.width, b.height) for p, b in layout_labels(chart).items()}


def _mark_lines(svg: str, fired: dict[str, int]) -> str:
    """The aspect lines the last turn fired, each with its step's delay class (f0, f1, …)."""
    for line, step in fired.items():
        delay = min(step, LAST_STEPS - 1)
        svg = svg.replace(f'class="aspect" id="{line}"', f'class="aspect fired f{delay}" id="{line}"')
    return svg


def _planet_marks(side: str, boxes: dict[str, Box], planets: list[dict[str, Any]]) -> str:
    """This board's planet labels (svg.py's are hidden by the board's CSS): a card per planet with its glyph large,
    classes saying its state; then, over every card (a crowded sign puts cards side by side), each planet's
    affliction in a badge at its top right and the last turn's change at its bottom left."""
    cards, badges = ['<g class="marks">'], ['<g class="badges" aria-hidden="true">']
    for p in planets:
        x, y, w, h = boxes[p["planet"]]
        top = y - h / 2
        classes = " ".join(["pl", *p["marks"]])
        cards += [f'<g class="{classes}" data-planet="{p["planet"]}" data-side="{side}">',
                  f'<title>{escape(p["title"])}</title>',
                  f'<rect class="pl-card" x="{x - w / 2:.1f}" y="{top:.1f}" width="{w:.1f}" height="{h:.1f}" rx="7"/>',
                  _centred("pl-glyph", x, top + 20, p["glyph"] + "\ufe0e"),
                  f'<text class="pl-name" x="{x:.1f}" y="{top + h - 4:.1f}" text-anchor="middle">{p["planet"]}</text>']
        if p["combust"]:
            cards.append(_centred("pl-x", x, y, "✕"))
        cards.append("</g>")
        if p["affliction"]:
            bx, by = x + w / 2 - 2, top + 2
            badges += [f'<g class="pl-aff" data-planet="{p["planet"]}">',
                       f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="16"/>',
                       _centred("", bx, by, str(p["affliction"])), "</g>"]
        if p["delta"]:
            dx, dy = x - w / 2 + 2, top + h - 2
            kind = "hurt" if p["delta"] > 0 else "heal"
            badges += [f'<g class="pl-delta {kind}" data-planet="{p["planet"]}">',
                       f'<rect x="{dx - 22:.1f}" y="{dy - 13:.1f}" width="44" height="26" rx="13"/>',
                       _centred("", dx, dy, _change(p["delta"])), "</g>"]
    return "".join([*cards, "</g>", *badges, "</g>"])


def _centred(cls: str, x: float, y: float, text: str) -> str:
    named = f' class="{cls}"' if cls else ""
    return f'<text{named} x="{x:.1f}" y="{y:.1f}" text-anchor="middle" dy="0.35em">{text}</text>'


def wheel(svg: str, side: str, boxes: dict[str, Box], planets: list[dict[str, Any]], fired: dict[str, int]) -> Markup:
    """A cached wheel drawing with this position's marks: cropped, the fired lines marked, the planet cards on top."""
    svg = _mark_lines(svg.replace('viewBox="0 0 860 920"', VIEWBOX, 1), fired)
    end = svg.rindex("</svg>")
    return Markup(svg[:end] + _planet_marks(side, boxes, planets) + svg[end:])


# --- the last turn ----------------------------------------------------------------------------------------------
def last_turn(seen: Seen) -> dict[str, Any] | None:
    """The latest move's turn event as this viewer may see it: who met whom, each planet's change, the spread in
    order (each step with the line it lit), what burnt out. The opponent's side is drawn only while its wheel is
    still the one shown (the move that ends an encounter begins the next one, with a new opponent)."""
    if seen.seq < 1 or len(seen.events) <= seen.seq:
        return None
    events = seen.events[seen.seq]
    turns = [e for e in events if e.get("event") == "turn"]
    if not turns:
        return None
    t = turns[-1]
    same_opponent = not any(e.get("event") == "encounter_start" for e in events)
    deltas: dict[str, dict[str, int]] = {"player": {}, "opponent": {}}
    for side in ("player", "opponent"):
        d = t["direct"][side]
        deltas[side][d["planet"]] = int(d["delta"])
    steps: list[dict[str, Any]] = []
    fired: dict[str, int] = {}
    for k, s in enumerate(t.get("propagation", [])):
        deltas[s["side"]][s["to"]] = deltas[s["side"]].get(s["to"], 0) + int(s["delta"])
        line = aspect_id(SIDES[s["side"]], s["from"], s["to"])
        if s["side"] == "player" or same_opponent:
            fired[line] = len(fired)
        steps.append({"side": s["side"], "k": k, "text": (
            f"{WORDS[s['side']].capitalize()} {s['from']} → {s['to']} ({s['aspect']}): {_change(int(s['delta']))}")})
    burnt = {(c["side"], c["planet"]) for c in t.get("combusted", [])}
    saved = {(c["side"], c["planet"]) for c in t.get("exaltation_saves", [])}
    sent, against = t["direct"]["player"]["planet"], t["direct"]["opponent"]["planet"]
    crits = [WORDS[side] for side in ("player", "opponent") if t.get("crits", {}).get(side)]
    return {
        "sent": sent, "against": against, "sent_glyph": PLANET_GLYPHS[sent], "against_glyph": PLANET_GLYPHS[against],
        "polarity": t.get("polarity"), "meeting": MEETING.get(str(t.get("polarity")), ""),
        "took": _change(deltas["player"][sent]), "dealt": _change(deltas["opponent"][against]),
        "crits": crits, "score": int(t.get("score", {}).get("turn", 0)),
        "burnt": [f"{WORDS[s]} {p}" for s, p in sorted(burnt)], "saved": [f"{WORDS[s]} {p}" for s, p in sorted(saved)],
        "steps": steps, "fired": fired, "deltas": deltas, "burnt_set": burnt, "same_opponent": same_opponent,
    }


def _change(delta: int) -> str:
    return f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "±0")


# --- the choice cards -------------------------------------------------------------------------------------------
def _p(chance: Any) -> Fraction:
    value = exact_of(chance)
    return value if value is not None else Fraction(0)


def burn_risk(pv: dict[str, Any]) -> Fraction:
    """P(at least one of your planets burns out this turn), from the preview's branches: a branch whose acting
    checks burnt one of yours counts whole, else the chance that any of its independent later checks on your side
    hits (``preview.branches``: given the branch, each later check is independent)."""
    total = Fraction(0)
    for o in pv["outcomes"]:
        if any(c["side"] == "player" for c in o["combusted"]):
            total += _p(o["p"])
            continue
        spared = Fraction(1)
        for c in o["later_checks"]:
            if c["side"] == "player":
                spared *= 1 - _p(c["combusts"])
        total += _p(o["p"]) * (1 - spared)
    return total


def _odds(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"change": _change(int(r["delta"])), "p": {"p": r["p"], "float": r["float"]}} for r in rows]


def _spread_words(spread: dict[str, list[str]]) -> str:
    theirs, yours = len(spread["opponent"]), len(spread["player"])
    parts = [f"{theirs} theirs" if theirs else "", f"{yours} yours" if yours else ""]
    return ", ".join(p for p in parts if p) or "no spread"


def card(seen: Seen, text: str) -> dict[str, Any]:
    """One planet's card and panel: the short facts (expected score, your burn-out risk, what it spreads to) and
    the preview in full (deal and take odds, crits, every planet's burn-out chance) for the panel."""
    pv = seen.preview(text)
    sent, against = pv["action"], pv["opponent_planet"]
    change = pv["affliction_change"]
    acting = {"player": sent, "opponent": against}
    spread = {side: [p for p in change[side] if p != acting[side]] for side in ("player", "opponent")}
    risk = burn_risk(pv)
    return {
        "text": text, "planet": sent, "glyph": PLANET_GLYPHS[sent], "against": against,
        "against_glyph": PLANET_GLYPHS[against], "polarity": pv["polarity"],
        "meeting": MEETING.get(str(pv["polarity"]), ""),
        "take": _odds(change["player"].get(sent, [])), "deal": _odds(change["opponent"].get(against, [])),
        "crit": pv["crit_chance"],
        "combustion": {side: [{"planet": p, "p": c} for p, c in pv["combustion"][side].items()]
                       for side in ("player", "opponent")},
        "spread": spread, "spread_words": _spread_words(spread),
        "propagation_risk": pv["propagation_risk"], "risk": risk, "risk_exact": exact_text(risk),
        "expected": pv["expected_score"], "expected_exact": exact_text(pv["expected_score"]), "rules": action_id(sent),
        "fires": [aspect_id(SIDES[side], acting[side], p) for side in spread for p in spread[side]],
    }


# --- the planets ------------------------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def _limits(ruleset: str, options: tuple[tuple[str, Any], ...], signs: tuple[int, ...], sect: str) -> tuple[int, ...]:
    """Each planet's burn-out limit T (000 §11) on a chart, under the table's options."""
    _, cfg = config_for(ruleset, dict(options))
    profile = profile_for(signs, sect)
    return tuple(threshold(cfg, profile, i) for i in range(len(PLANETS)))


def planets_of(view: dict[str, Any], side: str, chart: Chart, unlocked: list[str] | None,
               last: dict[str, Any] | None, marks: dict[str, list[str]]) -> list[dict[str, Any]]:
    """Each planet of one side as the board shows it: affliction of its limit, dignity, state and last change."""
    data = view[side]
    rules = view.get("rules", {})
    limits = _limits(str(rules.get("ruleset", "design")), tuple(sorted(rules.get("options", {}).items())),
                     tuple(chart.planets[p].sign for p in PLANETS), chart.sect)
    combust = set(data.get("combust", []))
    out = []
    for i, p in enumerate(PLANETS):
        place = chart.planets[p]
        affliction = int(data["affliction"][p])
        delta = last["deltas"][side].get(p, 0) if last and (side == "player" or last["same_opponent"]) else 0
        locked = unlocked is not None and p not in unlocked
        state = "burnt out" if p in combust else ("locked" if locked else "ready")
        classes = list(marks.get(p, []))
        classes += ["burnt"] if p in combust else (["locked"] if locked else [])
        classes += ["hit"] if delta > 0 else (["healed"] if delta < 0 else [])
        classes += [] if place.in_sect else ["out"]
        dignity = "" if place.dignity == "neutral" else f", {place.dignity}"
        out.append({
            "planet": p, "glyph": PLANET_GLYPHS[p], "sign": place.sign_name, "dignity": place.dignity,
            "affliction": affliction, "limit": limits[i], "combust": p in combust, "locked": locked, "state": state,
            "delta": delta, "marks": classes,
            "title": f"{p} in {place.sign_name}{dignity}: affliction {affliction} of {limits[i]}"
                     f"{' — burnt out' if p in combust else (' — locked' if locked else '')}"
                     f"{f' (last turn {_change(delta)})' if delta else ''}",
        })
    return out


# --- the board --------------------------------------------------------------------------------------------------
def board_context(seen: Seen) -> dict[str, Any]:
    """The board as ``seen`` shows it: both wheels with this position's marks, the last turn, and on the seat's
    own turn a card per legal planet from the engine's exact previews (computed only then)."""
    view = seen.view
    progress = view["progress"]
    encounter = int(view["encounter"]) + 1
    last = last_turn(seen)
    fired = last["fired"] if last else {}
    player = view["player"]
    chart_json = player["chart"]
    you_svg, you_boxes, you_chart = _your_wheel(
        tuple(chart_json["signs"][p] for p in PLANETS), str(chart_json.get("asc_sign") or SIGNS[0]),
        str(chart_json["sect"]), frozenset(view["unlocked"]),
        frozenset(frozenset(pair) for pair in progress["active_aspects"]),
        tuple(int(progress["illumination"][str(h)]) for h in range(1, 13)))
    cards = [card(seen, text) for text in seen.legal] if seen.mine else []
    pickable = {c["planet"] for c in cards}
    you_marks: dict[str, list[str]] = {p: ["pick"] for p in pickable}
    if last:
        you_marks.setdefault(last["sent"], []).append("sent")
    you = planets_of(view, "player", you_chart, list(view["unlocked"]), last, you_marks)
    you_fired = {k: v for k, v in fired.items() if k.startswith("you-")}
    opp = view["opponent"]
    current = view.get("current")
    opp_wheel, them = None, []
    if opp.get("moment"):
        m = opp["moment"]
        opp_svg, opp_boxes, opp_chart = _their_wheel(str(m["time"]), float(m["lat"]), float(m["lon"]))
        opp_marks: dict[str, list[str]] = {}
        if current:
            opp_marks[current] = ["current"]
        if last and last["same_opponent"]:
            opp_marks.setdefault(last["against"], []).append("sent")
        them = planets_of(view, "opponent", opp_chart, None, last, opp_marks)
        opp_wheel = wheel(opp_svg, "opp", opp_boxes, them, {k: v for k, v in fired.items() if k.startswith("opp-")})
    options = view.get("rules", {}).get("options", {}) or seen.options
    status = str(view["status"])
    return {
        "prince": {
            "you_svg": wheel(you_svg, "you", you_boxes, you, you_fired), "opp_svg": opp_wheel,
            "you": you, "opp": them, "sect": "day" if chart_json["sect"] == "day" else "night",
            "asc": chart_json.get("asc_sign"),
            "current": current, "current_glyph": PLANET_GLYPHS.get(str(current), ""),
            "current_sign": opp["chart"]["signs"].get(current) if current and opp.get("chart") else None,
            "encounter": min(encounter, int(options.get("encounters_per_run", encounter))),
            "encounters": options.get("encounters_per_run"),
            "turn": int(view["turn"]) + (1 if status == "active" else 0), "length": view.get("length"),
            "turns": view.get("turns"), "distance": view["distance"], "status": status,
            "cards": cards, "last": last, "mine": seen.mine, "game_id": seen.game_id,
            "opp_born": (opp.get("moment") or {}).get("time", "")[:10],
        }
    }

