"""Affinity's action catalogue and observation: every fighter of the fight, seen by either seat (the table is
public; 003), with a stable action id for each (ability, target slot, exertion, Affinity dice).

The catalogue (``action_texts``) is built once per game configuration from the fight's first state: its N fighters
(target slots 0 … N−1, the fighters' own numbers), the union of their abilities, exertion 0 … the highest
Proficiency of a character with the ability (003 Exertion Budget; creatures do not exert) and Affinity dice 0 …
the highest cap of a fighter with it. Its ids, in order: ``end``, ``hold``,
``move t`` for each slot, ``share n to t`` for each number of dice and slot, then ``use ability[ on t][ exert e]
[ affinity n]`` for each ability (sorted), target (none, then each slot), exertion and Affinity dice — so an id
means the same (ability, target slot, exertion) in every state of the configuration. Ids the fight never allows
(a creature's attack with exertion) stay masked.

Fighter axis (N): the fighters in their own order (``idx``), the same slots the actions target. Vocabularies (K
kinds, A abilities, W weapons, F features) are those of the configuration's fighters, sorted; a value outside
them is left 0.

| field | shape | range | what it holds |
|---|---|---|---|
| `seat` | (2,) | 0/1 | the seat observing, one-hot (party, creatures) |
| `my_turn` | (1,) | 0/1 | the acting fighter is the seat's |
| `round` | (1,) | [0, 1) | the round r as r / (r + 5) |
| `held_phase` | (1,) | 0/1 | the held actions' phase of the round (003 Held Actions) |
| `turn_position` | (1,) | [0, 1] | the place in the initiative order ÷ N |
| `acting` | (N,) | 0/1 | the fighter acting now, one-hot |
| `order` | (N,) | [0, 1] | each fighter's place in the initiative order ÷ N (1: not in it) |
| `fighter` | (N, 4) | 0/1 | present; the seat's own; a player character; mindless |
| `kind` | (N, K) | 0/1 | its class or creature kind, one-hot |
| `tier` | (N, 7) | 0/1 | its tier, one-hot (pc, trivial, basic, advanced, expert, legendary, ultimate) |
| `status` | (N, 4) | 0/1 | its status, one-hot (ok, collapsed, dying, dead) |
| `position` | (N, 2) | [−1, 1] | its square's x and y ÷ 20, clipped |
| `distance` | (N,) | [0, 1] | squares from the acting fighter (the larger of the two offsets) ÷ 12, clipped |
| `vitality` | (N, 7) | [0, 1] | HD, Resolve, level, Proficiency — below |
| `layers` | (N, 4, 3) | [0, 1] | each defence layer (spell, shield, armor, temp): dice, die size, surviving roll ÷ 20 |
| `turn` | (N, 5) | [0, 1] | actions left, actions a turn, held actions ÷ 3; movement left ÷ 12; initiative ÷ 30 |
| `affinity` | (N, 2) | [0, 1] | Affinity dice stored ÷ 10; their cap ÷ 10 |
| `flags` | (N, 16) | 0/1 | the fighter's states — below |
| `counters` | (N, 8) | [0, 1] | counts of the fighter's effects — below |
| `mark` | (N, N) | 0/1 | the fighter it has marked (Mark Prey), one-hot |
| `analysed` | (N, N) | 0/1 | the fighter it has analysed, one-hot |
| `abilities` | (N, A) | 0/1 | the abilities it has |
| `uses` | (N, A) | [0, 1] | the times it has used each ÷ 3, clipped |
| `weapon` | (N, W) | 0/1 | its weapon, one-hot |
| `features` | (N, F) | 0/1 | its features |

``vitality`` columns: HD ÷ its maximum; maximum HD ÷ 50; HD die ÷ 20; Resolve ÷ its maximum; maximum Resolve ÷ 12;
level ÷ 10; Proficiency ÷ 5. ``turn`` columns: actions left ÷ 3; actions a turn ÷ 3; movement left ÷ 12;
initiative ÷ 30; held actions ÷ 3. ``counters`` columns: parry debt, Defend bonus, Ward bonus, Rally dice, Help
dice, Hold the Line rounds, Purpose rounds, each ÷ 5; collapses ÷ 3 (all clipped).

``flags`` columns: expert action used, exerted this turn, stabilized, stunned, prone, communing, steadfast, oath
ready, healed, shared Affinity this turn, prone bonus, a pending reaction, checked this round, parried this round,
Hold the Line used this round, HD lost this round.
"""

from __future__ import annotations

from typing import Any

from gamewright.envs.encoders import NO_PREVIEWS, Previews, TableEncoder
from gamewright.envs.encoders.fields import Field, FieldTable, Obs, index_of, one_hot, saturate, signed, unit

TIERS = ("pc", "trivial", "basic", "advanced", "expert", "legendary", "ultimate")
STATUSES = ("ok", "collapsed", "dying", "dead")
LAYERS = ("spell", "shield", "armor", "temp")  # a fighter's defence layers above its body HD (003 Defence)
FLAGS = ("expert_used", "exerted_turn", "stabilized", "stunned", "prone", "communing", "steadfast", "oath_ready",
         "heal_used", "shared_turn", "prone_bonus")
THIS_ROUND = ("checked_round", "parried_round", "htl_used_round", "hd_lost_round")
COUNTERS = ("parry_debt", "defend_bonus", "ward_bonus", "rally_dice", "help_faces", "htl_rounds", "purpose_rounds")
ROW_FIELDS = ("fighter", "position", "vitality", "turn", "affinity", "flags", "counters")  # built as rows, set at once
GRID = 20.0  # squares: a fight's positions stay well inside ±20
REACH = 12.0  # squares: 60 yd, past every reach in the rules
ROUND_HALF = 5.0
STEPS_PER_FIGHTER = 24  # the truncation's actions per fighter (see max_steps)


def _first_view(game: Any) -> dict[str, Any]:
    return game.new_initial_state(0).view_for(0)  # type: ignore[no-any-return]


def _vocabulary(fighters: list[dict[str, Any]], key: str) -> tuple[str, ...]:
    values: set[str] = set()
    for f in fighters:
        value = f.get(key)
        if isinstance(value, str):
            if value:
                values.add(value)
        else:
            values.update(value or ())
    return tuple(sorted(values))


def action_texts(game: Any) -> list[str]:
    """Every action's text for this configuration, once, in the order the module describes."""
    fighters = _first_view(game)["fighters"]
    slots = range(len(fighters))
    dice = max((f["affinity_cap"] for f in fighters), default=0)
    texts = ["end", "hold"]
    texts += [f"move {t}" for t in slots]
    texts += [f"share {n} to {t}" for n in range(1, dice + 1) for t in slots]
    for ability in _vocabulary(fighters, "abilities"):
        having = [f for f in fighters if ability in f["abilities"]]
        # 003 Exertion Budget: a character's exertion ≤ its Proficiency; a creature does not exert. Affinity dice:
        # at most the cap of a fighter with the ability
        most_exertion = max((f["prof"] for f in having if f["pc"]), default=0)
        most_dice = max((f["affinity_cap"] for f in having), default=0)
        for target in (-1, *slots):
            for e in range(most_exertion + 1):
                for n in range(most_dice + 1):
                    text = f"use {ability}"
                    text += f" on {target}" if target != -1 else ""
                    text += f" exert {e}" if e else ""
                    text += f" affinity {n}" if n else ""
                    texts.append(text)
    return texts


class AffinityEncoder(TableEncoder):
    """Affinity's encoder for one fight configuration (see the module)."""

    action_texts = staticmethod(action_texts)

    def __init__(self, game: Any, texts: list[str]) -> None:
        fighters = _first_view(game)["fighters"]
        n = len(fighters)
        self.kinds = _vocabulary(fighters, "key")
        self.abilities = _vocabulary(fighters, "abilities")
        self.weapons = _vocabulary(fighters, "weapon")
        self.features = _vocabulary(fighters, "features")
        a = len(self.abilities)
        table = FieldTable([
            Field("seat", (2,), "the seat observing"),
            Field("my_turn", (1,), "the acting fighter is the seat's"),
            Field("round", (1,), "round r / (r + 5)"),
            Field("held_phase", (1,), "the held actions' phase"),
            Field("turn_position", (1,), "place in the order ÷ N"),
            Field("acting", (n,), "the acting fighter"),
            Field("order", (n,), "each fighter's place in the order"),
            Field("fighter", (n, 4), "present, own, PC, mindless"),
            Field("kind", (n, len(self.kinds)), "class or creature kind"),
            Field("tier", (n, len(TIERS)), "tier"),
            Field("status", (n, len(STATUSES)), "status"),
            Field("position", (n, 2), "x, y ÷ 20", -1.0),
            Field("distance", (n,), "squares from the acting fighter ÷ 12"),
            Field("vitality", (n, 7), "HD, Resolve, level, Proficiency"),
            Field("layers", (n, len(LAYERS), 3), "defence layers"),
            Field("turn", (n, 5), "actions, movement, initiative"),
            Field("affinity", (n, 2), "Affinity dice and cap"),
            Field("flags", (n, len(FLAGS) + 1 + len(THIS_ROUND)), "states"),
            Field("counters", (n, len(COUNTERS) + 1), "counters"),
            Field("mark", (n, n), "marked fighter"),
            Field("analysed", (n, n), "analysed fighter"),
            Field("abilities", (n, a), "abilities"),
            Field("uses", (n, a), "uses of each ability"),
            Field("weapon", (n, len(self.weapons)), "weapon"),
            Field("features", (n, len(self.features)), "features"),
        ])
        super().__init__(table, texts)
        self.fighters = n
        self.ability_index = {name: i for i, name in enumerate(self.abilities)}
        self.feature_index = {name: i for i, name in enumerate(self.features)}
        # random fights (200 each) of 8, 14, 22 and 12 fighters (levels 1, 5 and 10, and eight creatures at level
        # 1) ended within 112, 136, 244 and 124 actions: 24 actions a fighter is about twice the longest
        self.max_steps = STEPS_PER_FIGHTER * n

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs:
        del previews  # Affinity's actions carry no preview the encoder reads
        obs = self.table.blank()
        seat = int(view.get("viewer", 0))
        one_hot(obs["seat"], seat)
        fighters = view.get("fighters", [])[: self.fighters]
        n = self.fighters
        active = int(view.get("active", -1))
        acting = fighters[active] if 0 <= active < len(fighters) else None
        obs["my_turn"][0] = acting is not None and acting.get("side") == seat and view.get("winner") is None
        obs["round"][0] = saturate(view.get("round", 0), ROUND_HALF)
        obs["held_phase"][0] = bool(view.get("held_phase"))
        obs["turn_position"][0] = unit(view.get("turn_pos", 0), n)
        one_hot(obs["acting"], active)
        place = {k: i for i, k in enumerate(view.get("order", ()))}
        rounds = view.get("round", 0)
        ax, ay = (int(acting.get("x", 0)), int(acting.get("y", 0))) if acting is not None else (0, 0)
        rows: dict[str, list[Any]] = {name: [] for name in ROW_FIELDS}
        for k, f in enumerate(fighters):
            obs["order"][k] = unit(place[k], n) if k in place else 1.0
            self._fighter(obs, rows, k, f, seat, rounds)
            if acting is not None:
                obs["distance"][k] = unit(max(abs(int(f.get("x", 0)) - ax), abs(int(f.get("y", 0)) - ay)), REACH)
        count = len(fighters)
        for name, values in rows.items():
            obs[name][:count] = values
        return obs

    def _fighter(self, obs: Obs, rows: dict[str, list[Any]], k: int, f: dict[str, Any], seat: int,
                 rounds: int) -> None:
        """Fill fighter ``k``'s one-hot and set fields in place; append its dense rows to ``rows``."""
        get = f.get
        rows["fighter"].append((1.0, get("side") == seat, bool(get("pc")), bool(get("mindless"))))
        one_hot(obs["kind"][k], index_of(self.kinds, get("key")))
        one_hot(obs["tier"][k], index_of(TIERS, get("tier")))
        one_hot(obs["status"][k], index_of(STATUSES, get("status")))
        rows["position"].append((signed(int(get("x", 0)), GRID), signed(int(get("y", 0)), GRID)))
        rows["vitality"].append((unit(get("hd", 0), get("hd_max", 0) or 1), unit(get("hd_max", 0), 50),
                                 unit(get("hd_die", 0), 20), unit(get("resolve", 0), get("resolve_max", 0) or 1),
                                 unit(get("resolve_max", 0), 12), unit(get("level", 0), 10), unit(get("prof", 0), 5)))
        for layer in get("layers", ()):
            j = index_of(LAYERS, layer.get("label"))
            if j is not None:
                obs["layers"][k, j] = (unit(layer.get("count", 0), 20), unit(layer.get("sides", 0), 20),
                                       unit(layer.get("survive", 0), 20))
        rows["turn"].append((unit(get("actions_left", 0), 3), unit(get("actions_per_turn", 0), 3),
                             unit(get("move_left", 0), REACH), unit(get("initiative", 0), 30), unit(get("held", 0), 3)))
        rows["affinity"].append((unit(get("affinity", 0), 10), unit(get("affinity_cap", 0), 10)))
        flags = [bool(get(name)) for name in FLAGS]
        flags.append(bool(get("pending")))
        flags += [rounds > 0 and get(name) == rounds for name in THIS_ROUND]
        rows["flags"].append(flags)
        counters = [unit(len(get(name) or ()) if name == "help_faces" else get(name, 0) or 0, 5) for name in COUNTERS]
        counters.append(unit(get("collapses", 0), 3))
        rows["counters"].append(counters)
        one_hot(obs["mark"][k], get("mark", -1))
        one_hot(obs["analysed"][k], get("analysed", -1))
        abilities = obs["abilities"][k]
        for ability in get("abilities", ()):
            one_hot(abilities, self.ability_index.get(ability))
        for ability, times in (get("uses") or {}).items():
            i = self.ability_index.get(ability)
            if i is not None:
                obs["uses"][k, i] = unit(times, 3)
        one_hot(obs["weapon"][k], index_of(self.weapons, get("weapon")))
        for feature in get("features", ()):
            one_hot(obs["features"][k], self.feature_index.get(feature))
