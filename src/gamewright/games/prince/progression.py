"""Metaprogression per Prince (000 §12, ref §2): the plain value a run reads and advances, its persistence in
the database, and the report that ``prince show`` displays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamewright.games.prince.resolution_tables import UNLOCK_AT
from gamewright.games.prince.resolve import ALL_ASPECTS, pair_bit
from gamewright.games.prince.tables import PLANETS


def aspect_pairs(mask: int) -> list[list[str]]:
    """The planet pairs (in PLANETS order) whose aspect bit is set."""
    return [[PLANETS[i], PLANETS[j]] for i in range(7) for j in range(i + 1, 7) if mask & pair_bit(i, j)]


def mask_of_pairs(pairs: list[list[str]]) -> int:
    mask = 0
    for a, b in pairs:
        mask |= pair_bit(PLANETS.index(a), PLANETS.index(b))
    return mask


def aspect_web(profile: Any, active: int) -> list[dict[str, Any]]:
    """Every major aspect of a chart (ref §1), each marked active (it propagates) or latent (000 §12: not yet)."""
    return [
        {"planets": [PLANETS[i], PLANETS[j]], "aspect": kind, "active": bool(active & pair_bit(i, j))}
        for i in range(7)
        for j in range(i + 1, 7)
        if (kind := profile.aspects[i][j]) is not None
    ]


@dataclass(slots=True)
class Progress:
    """Cumulative encounters, active aspects, house illumination counts and joys achieved."""

    encounters: int = 0
    aspects: int = 0  # bitmask of active aspect pairs (resolve.pair_bit)
    illumination: list[int] = field(default_factory=lambda: [0] * 12)  # index = house − 1
    joys: list[str] = field(default_factory=list)

    @classmethod
    def veteran(cls) -> Progress:
        """Every planet unlocked and every aspect active: the generic game's default Prince."""
        return cls(encounters=UNLOCK_AT["Saturn"], aspects=ALL_ASPECTS)

    def unlocked_mask(self) -> list[bool]:
        return [UNLOCK_AT[p] <= self.encounters for p in PLANETS]  # 000 §12 "Cumulative"

    def clone(self) -> Progress:
        return Progress(self.encounters, self.aspects, list(self.illumination), list(self.joys))

    def to_json(self) -> dict[str, Any]:
        return {
            "cumulative_encounters": self.encounters,
            "active_aspects": aspect_pairs(self.aspects),
            "illumination": {str(h + 1): n for h, n in enumerate(self.illumination)},
            "joys": list(self.joys),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Progress:
        if not data:
            return cls()
        illumination = data.get("illumination", {})
        return cls(
            encounters=int(data.get("cumulative_encounters", 0)),
            aspects=mask_of_pairs(data.get("active_aspects", [])),
            illumination=[int(illumination.get(str(h), 0)) for h in range(1, 13)],
            joys=[p for p in PLANETS if p in data.get("joys", [])],
        )


# ----------------------------------------------------------------------------------------------------------
# Persistence: one ``prince_progress`` row per Prince (JSON ``data``), runs in ``prince_runs``
# ----------------------------------------------------------------------------------------------------------


def load_data(session: Any, prince_id: int) -> dict[str, Any]:
    """The stored progress document (progress fields plus ``active_run``), empty for a new Prince."""
    from gamewright.store.models import PrinceProgress

    row = session.get(PrinceProgress, prince_id)
    return dict(row.data) if row is not None and row.data else {}


def store_data(session: Any, prince_id: int, data: dict[str, Any]) -> None:
    from gamewright.store.models import PrinceProgress

    row = session.get(PrinceProgress, prince_id)
    if row is None:
        session.add(PrinceProgress(prince_id=prince_id, data=data))
    else:
        row.data = data  # a new dict, so the JSON column sees the change


def web_game_of(data: dict[str, Any]) -> str | None:
    """The web table playing the Prince's active run (``data`` its progress document), if a web table plays it."""
    return (data.get("active_run") or {}).get("web_game")


def run_label(number: int, run_id: int) -> str:
    """How a run is named to a person: its number among the Prince's runs beside its id."""
    return f"#{number} (id {run_id})"


def run_number(session: Any, prince_id: int, run_id: int) -> int:
    """A run's number among its Prince's runs, counted in id order (1 for the first)."""
    from sqlalchemy import func, select

    from gamewright.store.models import PrinceRun

    query = select(func.count()).where(PrinceRun.prince_id == prince_id, PrinceRun.id <= run_id)
    return int(session.scalar(query))


def run_history(prince_id: int) -> list[dict[str, Any]]:
    """Every run of the Prince, oldest first: its number, seed, ruleset, result and Distance."""
    from sqlalchemy import select

    from gamewright.store.db import session_scope
    from gamewright.store.models import PrinceRun

    with session_scope() as session:
        rows = session.scalars(select(PrinceRun).where(PrinceRun.prince_id == prince_id).order_by(PrinceRun.id))
        return [
            {
                "id": r.id,
                "number": n,  # per Prince, in id order
                "seed": None if r.status == "active" else r.seed,  # issue 9 §6: secret until the run ends
                "ruleset": r.ruleset,
                "options": dict(r.options or {}),
                "status": r.status,
                "distance": int(r.distance),
                "turns": len(r.actions or []),
                "started_at": r.started_at.isoformat() if r.started_at else None,
                "finished_at": r.finished_at.isoformat() if r.finished_at else None,
            }
            for n, r in enumerate(rows, start=1)
        ]


def progress_report(prince_id: int) -> dict[str, Any]:
    """The Prince's metaprogression as JSON: encounters, unlocks, aspects, illumination, joys and runs."""
    from gamewright.games.prince import registry
    from gamewright.games.prince.resolve import profile_from_chart
    from gamewright.store.db import session_scope

    profile = profile_from_chart(registry.get_by_id(prince_id).chart)
    with session_scope() as session:
        data = load_data(session, prince_id)
    progress = Progress.from_json(data)
    unlocked = progress.unlocked_mask()
    locked = [p for p, u in zip(PLANETS, unlocked, strict=True) if not u]
    aspects = aspect_web(profile, progress.aspects)
    runs = run_history(prince_id)
    return {
        "prince_id": prince_id,
        "cumulative_encounters": progress.encounters,
        "unlocked_planets": [p for p, u in zip(PLANETS, unlocked, strict=True) if u],
        "next_unlock": (
            {"planet": min(locked, key=UNLOCK_AT.__getitem__), "at": min(UNLOCK_AT[p] for p in locked)}
            if locked
            else None
        ),
        "active_aspects": [a for a in aspects if a["active"]],
        "latent_aspects": [a for a in aspects if not a["active"]],
        "illumination": {str(h + 1): n for h, n in enumerate(progress.illumination)},
        "joys_achieved": list(progress.joys),
        "active_run": (active := (data.get("active_run") or {}).get("run_id")),
        "active_run_number": next((r["number"] for r in runs if r["id"] == active), None),
        "active_web_game": web_game_of(data),
        "runs": runs,
    }


def render_progress(report: dict[str, Any]) -> Any:
    """The progress report as rich tables (for ``prince show``)."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from gamewright.games.prince.tables import HOUSE_KIND

    head = Text()
    head.append("Progress\n", style="bold")
    head.append(f"Cumulative encounters: {report['cumulative_encounters']}\n")
    head.append(f"Unlocked planets: {', '.join(report['unlocked_planets'])}")
    nxt = report["next_unlock"]
    if nxt:
        head.append(f" (next: {nxt['planet']} at {nxt['at']} encounters)")
    head.append(f"\nJoys achieved: {', '.join(report['joys_achieved']) or 'none yet'}")
    if report["active_run"]:
        label = run_label(report["active_run_number"], report["active_run"])
        head.append(f"\nRun {label} is in progress: `prince play` resumes it.")

    aspects = Table(title="Aspects", title_justify="left", box=box.SIMPLE_HEAD)
    for col in ("Planets", "Aspect", "State"):
        aspects.add_column(col, overflow="fold")
    for a in report["active_aspects"] + report["latent_aspects"]:
        state = Text("active", style="green") if a["active"] else Text("latent", style="dim")
        aspects.add_row(" – ".join(a["planets"]), a["aspect"], state)

    houses = Table(title="House illumination", title_justify="left", box=box.SIMPLE_HEAD)
    for h in range(1, 13):
        houses.add_column(str(h), justify="right", overflow="fold")
    houses.add_row(*(str(report["illumination"][str(h)]) for h in range(1, 13)))
    houses.add_row(*(HOUSE_KIND[h][:3] for h in range(1, 13)), style="dim")

    parts: list[Any] = [head, aspects, houses]
    if report["runs"]:
        parts.append(runs_table(report["runs"], "Runs"))
    return Group(*parts)


def runs_table(runs: list[dict[str, Any]], title: str, started: bool = False) -> Any:
    """The history of runs as a rich table (number, id, seed, ruleset, result, Distance, turns, when).

    Nothing is ever cut (issue 10 §3): a seed is needed to reproduce a run, so its column keeps its full width;
    other cells wrap rather than end in an ellipsis, and a run's start and finish share one two-line cell so that
    a typical history fits 80 columns."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    def when(stamp: str | None) -> str:
        return (stamp or "")[:19].replace("T", " ")

    seeds = ["hidden" if r["seed"] is None else str(r["seed"]) for r in runs]
    # padding 0: the box already puts one space between columns
    table = Table(title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=0)
    table.add_column("Run", overflow="fold")
    table.add_column("Id", overflow="fold")
    table.add_column("Seed", no_wrap=True, min_width=max(map(len, seeds), default=4))
    for col in ("Ruleset", "Result", "Dist", "Turns", "Started / finished" if started else "Finished"):
        table.add_column(col, overflow="fold")
    for r, seed in zip(runs, seeds, strict=True):
        times = f"{when(r['started_at'])}\n{when(r['finished_at'])}" if started else when(r["finished_at"])
        table.add_row(
            f"#{r['number']}", str(r["id"]), seed, r["ruleset"], r["status"], str(r["distance"]), str(r["turns"]), times
        )
    return table
