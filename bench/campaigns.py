"""Win-rate campaigns: many games per level, policy and first-click rule,
written to docs/win-rates.md next to the published figures.

    .venv/bin/python bench/campaigns.py [--games 20000] [--seed 2026]
        [--levels beginner,intermediate,expert] [--policies least,best]
        [--rules safe,zero] [--workers 2] [--dir campaigns] [--write docs/win-rates.md]
        [--timed 200] [--retime]

Each campaign is one command,

    setmine play --level L --policy P --first-click R --games N --seed S
                 --workers W --checkpoint DIR/L-P-R.ckpt --json

so a campaign stopped half-way (Ctrl-C, a machine that went down, the end
of a working day) goes on where it stopped when the script is run again:
the checkpoint keeps every finished chunk of games, and the games are the
same whatever the number of workers (game i is dealt from the seed and i
alone).  Finished campaigns leave their JSON summary in DIR; ``--write``
turns every finished summary into the page, so the page can be written
from what has finished while the rest still runs (``--games 0`` writes the
page without playing).  The time per game on the page comes from each
campaign's first ``--timed`` games played again in one process, once, and
kept in its summary with the commit that played them; ``--retime`` plays
them again (after a change of speed: the games themselves do not change).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

from play_win_rates import PUBLISHED

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from setmine.solver.games.game_config import GameConfig  # noqa: E402
from setmine.solver.games.runs import play_games  # noqa: E402


def campaign_command(level: str, policy: str, rule: str, games: int, seed: str,
                     workers: int, checkpoint: Path | None = None) -> list[str]:
    cmd = ["setmine", "play", "--level", level, "--policy", policy, "--first-click", rule,
           "--games", str(games), "--seed", seed, "--workers", str(workers)]
    if checkpoint is not None:
        cmd += ["--checkpoint", str(checkpoint)]
    return cmd


def run_campaign(cmd: list[str], out: Path) -> dict:
    exe = shutil.which("setmine", path=str(Path(sys.executable).parent)) or "setmine"
    # a campaign is long by design: a day of time, memory as usual
    proc = subprocess.run([exe, *cmd[1:], "--json", "--timeout", "86400"],
                          capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr.strip()}")
    data = json.loads(proc.stdout)
    data["command"] = " ".join(cmd)
    save(out, data)
    return data


def save(out: Path, data: dict) -> None:
    """Write a campaign's summary whole or not at all."""
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    tmp.replace(out)


# ---------------------------------------------------------------------------
# the page


def pseq(level: str, rule: str) -> float | None:
    """PSEQ's published rate (%) for this level and rule (safe / zero)."""
    if level not in PUBLISHED or rule not in ("safe", "zero"):
        return None
    return PUBLISHED[level][0][0 if rule == "safe" else 1]


def verdict(data: dict) -> str:
    """The policy's rate against PSEQ's, by the 95% Wilson interval."""
    ref = pseq(data["level"], data["first_click"])
    if ref is None:
        return ""
    low, high = (100 * x for x in data["ci95"])
    rate = 100 * data["win_rate"]
    if low > ref:
        return f"above PSEQ ({ref:.1f}%) by {rate - ref:.1f} points, beyond the interval"
    if high < ref:
        return f"below PSEQ ({ref:.1f}%) by {ref - rate:.1f} points, beyond the interval"
    return f"PSEQ's {ref:.1f}% lies inside the interval"


def half_width(games: int, p: float) -> float:
    return 1.96 * math.sqrt(p * (1 - p) / games)


def timed(data: dict, games: int) -> float:
    """Milliseconds per game of the campaign's first ``games`` games played
    again here, in one process, one after the other: the campaign's own
    times are wall times of workers that share the machine (and count any
    time the campaign was stopped)."""
    config = GameConfig.level(data["level"], first_click=data["first_click"])
    results = play_games(config, data["policy"], games, data["seed"])
    return 1000 * sum(r.seconds for r in results) / games


def commit() -> str:
    """The short hash of the tree's commit (``+`` if ``setmine/`` was
    changed since), or ``?`` outside a git checkout."""
    root = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, check=True,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "setmine"], cwd=root, check=True,
                               capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+" if dirty else "")


def paired(directory: Path, seed: str, level: str, rule: str) -> tuple[int, int, int] | None:
    """On the same games (one level, one first-click rule): how many ``best``
    won and ``least`` lost, the reverse, and the games both played; from the
    two campaigns' checkpoints (None if one is missing)."""
    won = []
    for policy in ("best", "least"):
        path = directory / f"{level}-{policy}-{rule}-{seed}.ckpt"
        if not path.exists():
            return None
        games = {}
        for line in path.read_text().splitlines()[1:]:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:     # a last line cut short by a kill
                continue
            games.update((g["index"], g["won"]) for g in record["result"])
        won.append(games)
    best, least = won
    common = best.keys() & least.keys()
    return (sum(best[i] and not least[i] for i in common),
            sum(least[i] and not best[i] for i in common), len(common))


def page(summaries: list[dict], missing: list[str], seed: str, machine: str,
         directory: Path) -> str:
    rows = []
    for d in summaries:
        rows.append(
            f"| {d['level']} | {d['first_click']} | {d['policy']} | {d['wins']:,} / {d['games']:,} "
            f"| **{100 * d['win_rate']:.2f}%** | {100 * d['ci95'][0]:.2f}–{100 * d['ci95'][1]:.2f} "
            f"| {d['guesses_per_game']:.3f} | {d['timed']['ms_per_game']:.1f} "
            f"| {verdict(d)} |")
    pairs = []
    for level, rule in dict.fromkeys((d["level"], d["first_click"]) for d in summaries):
        both = {d["policy"] for d in summaries if (d["level"], d["first_click"]) == (level, rule)}
        counts = paired(directory, seed, level, rule) if {"best", "least"} <= both else None
        if counts:
            a, b, n = counts
            pairs.append(f"| {level} | {rule} | {a:,} | {b:,} | {a - b:+,} of {n:,} games |")
    paired_table = ""
    if pairs:
        paired_table = (
            "\n## Paired: best against least on the same games\n\n"
            "Both players meet the same deals, so the difference between them is measured "
            "game by game: the games one won and the other lost (the games both won or both "
            "lost say nothing about which is better).\n\n"
            "| level | first click | best won, least lost | least won, best lost | difference |\n"
            "| --- | --- | --- | --- | --- |\n" + "\n".join(pairs) + "\n")
    commands = "\n".join(f"    {d['command']}" for d in summaries)
    todo = ""
    if missing:
        todo = ("\n## Still to play\n\nThese campaigns had not finished when this page was "
                "written; the same script plays them (a checkpoint resumes a stopped one):\n\n"
                + "\n".join(f"    {cmd}" for cmd in missing) + "\n")
    width = half_width(20000, 0.4)
    timed_games = ", ".join(sorted({f"{d['timed']['games']:,}" for d in summaries})) or "—"
    commits = ", ".join(sorted({d["timed"].get("commit", "?") for d in summaries})) or "—"
    return f"""# Win rates

What the players of `setmine play` win, measured on many games per level
(`bench/campaigns.py`, which wrote this page). Every policy plays the same
games: game *i* of seed `{seed}` is dealt from the seed and *i* alone, under
each first-click rule (`safe`: the first cell is never a mine; `zero`: nor
are its neighbours, so the first click opens a region). With 20,000 games
a rate near 40% is known to about ±{100 * width:.1f} points (95% Wilson
interval). The players are described in `docs/solver.md`: `least` opens a
cell of least mine probability (the schema's rule A6/D18), `best` adds an
exact endgame search and a look-ahead among the safest guesses.

| level | first click | policy | wins | rate | 95% interval (%) | guesses per game | ms per game | against PSEQ |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
{chr(10).join(rows)}

The published figures are those of PSEQ (Tu et al., AAAI-17 workshops), the
strongest published solver of its kind: 91.7% / 97.2% beginner, 78.1% /
88.9% intermediate, 39.6% / 52.8% expert (safe / zero first click).
"Guesses per game" counts the moves onto a cell that was not sure-safe.
"ms per game" is the mean time of the campaign's first {timed_games} games
played again in one process, at commit {commits} ({machine}); the solver's
speed, measured side by side with ms-toollib, is in `docs/solver.md`.
{paired_table}
## Reproducing

Each row is one command (the checkpoint lets a stopped campaign go on where
it stopped; the games and results do not depend on the number of workers):

{commands}

`bench/campaigns.py --write docs/win-rates.md` runs the missing ones and
writes this page again.
{todo}"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", default="2026")
    ap.add_argument("--levels", default="beginner,intermediate,expert")
    ap.add_argument("--policies", default="least,best")
    ap.add_argument("--rules", default="safe,zero")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--dir", default="campaigns", type=Path,
                    help="where checkpoints and summaries are kept (default ./campaigns)")
    ap.add_argument("--write", type=Path, help="write the page of finished campaigns here")
    ap.add_argument("--timed", type=int, default=200,
                    help="games of each finished campaign played again in one process for "
                         "the time per game (default 200)")
    ap.add_argument("--retime", action="store_true",
                    help="play those games again even where a summary has their time")
    args = ap.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    done, missing = [], []
    for level in args.levels.split(","):
        for policy in args.policies.split(","):      # the quicker player's rows first
            for rule in args.rules.split(","):
                name = f"{level}-{policy}-{rule}-{args.seed}"
                out = args.dir / f"{name}.json"
                if out.exists():
                    done.append(json.loads(out.read_text()))
                    continue
                cmd = campaign_command(level, policy, rule, args.games or 20000, args.seed,
                                       args.workers, checkpoint=args.dir / f"{name}.ckpt")
                if args.games <= 0:
                    missing.append(" ".join(cmd))
                    continue
                print(" ".join(cmd), flush=True)
                data = run_campaign(cmd, out)
                print(f"  {data['wins']}/{data['games']} = {100 * data['win_rate']:.2f}% "
                      f"in {data['wall_seconds']:.0f} s", flush=True)
                done.append(data)
    if args.write:
        for d in done:
            if args.retime or d.get("timed", {}).get("games") != args.timed:
                d["timed"] = {"games": args.timed, "ms_per_game": timed(d, args.timed),
                              "commit": commit()}
                save(args.dir / f"{d['level']}-{d['policy']}-{d['first_click']}-{args.seed}.json",
                     d)
        machine = (f"{os.cpu_count()} cores, {platform.machine()}, Python "
                   f"{platform.python_version()}, {datetime.date.today():%Y-%m}")
        args.write.write_text(page(done, missing, args.seed, machine, args.dir))
        print(f"wrote {args.write} ({len(done)} campaigns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
