"""Load on one ``gamewright serve`` process over loopback: SSE viewers and games played at once.

    PYTHONPATH=src python benchmarks/web_load.py [--viewers 100] [--games 20] [--rounds 8]

Starts a server on a free 127.0.0.1 port with its own SQLite file (or GAMEWRIGHT_DB), opens ``--viewers`` SSE
streams spread over the games, and plays ``--games`` two-seat Dangerous Inclinations games at once, each seat a
scripted client posting a planned turn (``burn …; end``) as one move. Reports move latency (p50/p95), errors,
and whether every viewer received every seq exactly once (no move lost). Bounded: every game ends by its
round limit, and the whole run stops after ``--limit`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def viewer(base: str, gid: str, seen: list[int], done: asyncio.Event, errors: list[str]) -> None:
    try:
        async with httpx.AsyncClient(timeout=None) as c, c.stream("GET", f"{base}/api/games/{gid}/stream",
                                                                  headers={"Last-Event-ID": "0"}) as r:
            async for line in r.aiter_lines():
                if line.startswith("data:"):
                    data = json.loads(line[5:])
                    seen.append(data["seq"])
                    if data["terminal"] and data["seq"] == data["head"]:
                        return
                if done.is_set():
                    return
    except Exception as exc:  # counted, not raised: the report says how many
        errors.append(f"viewer: {exc!r}")


async def play(base: str, c: httpx.AsyncClient, gid: str, tokens: list[str], latencies: list[float],
               errors: list[str]) -> int:
    while True:
        state = (await c.get(f"{base}/api/games/{gid}")).json()
        if state["terminal"]:
            return int(state["seq"])
        mover = state["current_player"]
        mine = (await c.get(f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[mover]}"})).json()
        legal = mine["legal"]
        if legal[0].startswith("deploy"):
            action = legal[mover * 4]
        else:
            burn = next((a for a in legal if a.startswith("burn")), None)
            action = f"{burn}; end" if burn else "end"
        start = time.perf_counter()
        r = await c.post(f"{base}/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[mover]}"},
                         json={"action": action, "seq": mine["seq"]})
        latencies.append(time.perf_counter() - start)
        if r.status_code != 200:
            errors.append(f"move {r.status_code}: {r.text[:120]}")
            return int(state["seq"])


async def run(base: str, viewers: int, games: int, rounds: int) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=200)) as c:
        created = []
        for i in range(games):
            r = await c.post(f"{base}/api/games", json={"game": "inclinations", "seed": i, "seats": ["human", "human"],
                                                        "options": {"round_limit": rounds}})
            created.append(r.json())
        done = asyncio.Event()
        seen: list[list[int]] = [[] for _ in range(viewers)]
        watch = [asyncio.create_task(viewer(base, created[v % games]["id"], seen[v], done, errors))
                 for v in range(viewers)]
        await asyncio.sleep(1.0)  # every stream open before play starts
        started = time.perf_counter()
        finals = await asyncio.gather(*(play(base, c, g["id"], [s["token"] for s in g["seats"]], latencies, errors)
                                        for g in created))
        elapsed = time.perf_counter() - started
        await asyncio.wait_for(asyncio.gather(*watch), timeout=60)
    lost = sum(seen[v] != list(range(1, finals[v % games] + 1)) for v in range(viewers))
    latencies.sort()
    return {"viewers": viewers, "games": games, "moves": len(latencies), "seconds": round(elapsed, 1),
            "p50_ms": round(1000 * statistics.median(latencies), 1),
            "p95_ms": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1),
            "errors": len(errors), "viewers_missing_a_move": lost, "first_errors": errors[:3]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=8, help="Inclinations round_limit: each game's length")
    parser.add_argument("--limit", type=float, default=600, help="stop after this many seconds")
    args = parser.parse_args()
    if not (1 <= args.viewers <= 500 and 1 <= args.games <= 100 and 1 <= args.rounds <= 50):
        parser.error("bounded: at most 500 viewers, 100 games, 50 rounds")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env.setdefault("GAMEWRIGHT_DB", f"sqlite:///{tmp}/load.db")
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "gamewright", "serve", "--port", str(port), "--bot-delay", "0"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.2)
            report = asyncio.run(asyncio.wait_for(run(base, args.viewers, args.games, args.rounds), args.limit))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
