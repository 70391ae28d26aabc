"""The Affinity inputs issue 9 lists (and their neighbours), shared by the bounded test and the benchmark."""

from __future__ import annotations

_PARTY = ",".join(["combatant"] * 2000)

# (id, CLI arguments, stdin)
PROBES: list[tuple[str, list[str], str | None]] = [
    ("defend-1e8-dice", ["affinity", "defend", "--layers", "a:100000000d6", "--capacity", "100000000",
                         "--damage", "100000000"], None),
    ("defend-bonus-1e8", ["affinity", "defend", "--layers", "a:2d8", "--capacity", "2", "--bonus", "100000000",
                          "--damage", "1000000000000"], None),
    ("defend-300-odds", ["affinity", "defend", "--layers", "a:300d6,b:300d8", "--capacity", "300", "--damage", "300",
                         "--odds"], None),
    ("defend-odds-at-bounds", ["affinity", "defend", "--layers", "a:50d6,b:50d8,c:50d10,d:50d12,e:50d20",
                               "--capacity", "10", "--bonus", "10", "--damage", "250", "--odds"], None),
    ("defend-3000-odds", ["affinity", "defend", "--layers", "a:2d8,body:5d10", "--capacity", "2", "--damage", "3000",
                          "--odds"], None),
    ("task-proficiency-5000", ["affinity", "task", "--threshold", "4", "--difficulty", "3", "--proficiency", "5000"],
     None),
    ("task-days-1e9", ["affinity", "task", "--threshold", "3", "--difficulty", "1000000000", "--days", "1000000000"],
     None),
    ("task-days-at-bounds", ["affinity", "task", "--threshold", "6", "--difficulty", "100", "--days", "365"], None),
    ("task-group-large", ["affinity", "task", "--threshold", "3", "--difficulty", "5",
                          "--group", ",".join(f"m{i}:1" for i in range(5000))], None),
    ("task-group-at-bounds", ["affinity", "task", "--threshold", "3", "--difficulty", "100",
                              "--group", ",".join(f"m{i}:5:5:15" for i in range(10))], None),
    ("travel-bonus-2000", ["affinity", "travel", "--bonus", "2000"], None),
    ("chase-5000", ["affinity", "chase", "--lead", "5000", "--chase", "5000"], None),
    ("chase-at-bounds", ["affinity", "chase", "--lead", "5", "--lead-exertion", "5", "--lead-bonus", "15",
                         "--chase", "5", "--chase-exertion", "5", "--chase-bonus", "15"], None),
    ("rest-heal-1e8", ["affinity", "rest", "Nobody", "--heal", "100000000d6"], None),
    ("fight-2000-members", ["affinity", "fight", "--party", _PARTY, "--policy", "greedy", "--json"], None),
    ("fight-at-bounds", ["affinity", "fight", "--party", "combatant,priest,ranger,weaver,scholar,shaman,sovereign,"
                         "combatant,priest,ranger", "--level", "10", "--count", "30", "--creature", "wight_lord",
                         "--policy", "greedy", "--json"], None),
    ("fight-sheets-2000", ["affinity", "fight", "--sheets", ",".join(f"n{i}" for i in range(2000))], None),
    ("odds-at-bounds", ["affinity", "odds", "--dice", "95", "--exertion", "5", "--threshold", "4", "--required",
                        "50"], None),
    ("duel-rounds", ["affinity", "duel", "--rounds", "1000000000", "--policy", "auto"], None),
    ("conformance-fights", ["affinity", "conformance", "--fights", "1000000000000"], None),
]
