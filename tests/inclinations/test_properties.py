"""Property tests: validation never mutates; a valid plan executes within the invariants; preview = execution
when no crit is drawn."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import ScriptedRng
from gamewright.games.inclinations.actions import Allocate, Burn, Coast, Deallocate, Fire, Rotate, Transfer
from gamewright.games.inclinations.board import WELLS, ring_count
from gamewright.games.inclinations.ship import MAX_ENERGY, SUBSYSTEMS, Ship
from gamewright.games.inclinations.turn import TurnRules, execute, preview, validate

IDS = ("P1", "P2", "P3")


@st.composite
def ships(draw, sid):
    well = draw(st.sampled_from([0, 0, 0, 1, 4]))
    energy = [0] * 7
    budget = 10
    for i in draw(st.permutations(range(7))):
        e = draw(st.integers(0, min(MAX_ENERGY[i], budget)))
        energy[i] = e
        budget -= e
    return Ship(sid, well, draw(st.integers(1, ring_count(well))), draw(st.integers(0, 23)),
                draw(st.sampled_from([1, -1])), draw(st.integers(1, 10)), draw(st.integers(0, 9)),
                draw(st.integers(0, 10)), draw(st.integers(0, 4)), energy)


step = st.one_of(
    st.builds(Allocate, st.sampled_from(SUBSYSTEMS), st.integers(1, 4)),
    st.builds(Deallocate, st.sampled_from(SUBSYSTEMS), st.integers(1, 4)),
    st.builds(Rotate, st.sampled_from(["prograde", "retrograde"])),
    st.builds(Coast, st.booleans()),
    st.builds(Burn, st.sampled_from(["light", "medium", "heavy"]), st.integers(-8, 4)),
    st.builds(Transfer, st.sampled_from(WELLS)),
    st.builds(Fire, st.sampled_from(["laser", "railgun", "missiles"]),
              st.lists(st.sampled_from(IDS[1:]), min_size=1, max_size=2).map(tuple), st.booleans()),
)


@settings(max_examples=400, deadline=None)
@given(me=ships("P1"), a=ships("P2"), b=ships("P3"), plan=st.lists(step, max_size=6), d10=st.booleans())
def test_validation_execution_and_preview_agree(me, a, b, plan, d10):
    tr = TurnRules(d10=d10)
    fleet = [me, a, b]
    before = [s.key() for s in fleet]
    errors = validate(fleet, 0, plan, tr)
    assert [s.key() for s in fleet] == before
    result = preview(fleet, 0, plan, tr)
    assert [s.key() for s in fleet] == before
    assert result.ok == (not errors)
    if errors:
        return
    real = [s.clone() for s in fleet]
    execute(real, 0, plan, tr, ScriptedRng([0.5], repeat_last=True))  # no crit; under d10 a 6: a hit
    assert [s.key() for s in real] == [s.key() for s in result.ships]
    for old, new in zip(fleet, real, strict=True):
        assert sum(new.energy) <= 10 and all(0 <= e <= m for e, m in zip(new.energy, MAX_ENERGY, strict=True))
        assert 0 <= new.mass <= 10 and 0 <= new.hull <= old.hull and new.heat >= 0
        assert 1 <= new.ring <= ring_count(new.well) and 0 <= new.sector < 24
        assert old.ammo - 1 <= new.ammo <= old.ammo
    assert real[0].used == 0
