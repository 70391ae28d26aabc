"""A minted Prince as the rules see it: a name and a quantized birth moment, which is its identity (ref §1).

Minting, finding and listing Princes in the database are use cases of ``app.princes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from gamewright.core.limits import check_name
from gamewright.games.prince.chart import Chart, Moment, compute_chart


@dataclass(frozen=True, slots=True)
class PrinceRecord:
    """A minted Prince: its id, name and quantized birth moment."""

    id: int
    name: str
    moment: Moment
    created_at: datetime | None = None

    @property
    def chart(self) -> Chart:
        return compute_chart(self.moment)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "moment": self.moment.to_json()}


def stored_moment(birth_time: str, lat_centi: int, lon_centi: int) -> Moment:
    """The moment a Prince is stored with (ISO time, latitude and longitude in hundredths of a degree)."""
    when = datetime.strptime(birth_time, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    return Moment(when, lat_centi / 100, lon_centi / 100)


def clean_name(name: str) -> str:
    """A Prince's name by the one rule for stored names: 1–80 characters, no control characters."""
    return check_name(name, "a Prince's name")
