"""Record what ConceptPortal's engine (``rsref``) says about the shipped
models — every constituent's typification, status, value and error codes —
as table data under ``tests/model/data/``, so that the suite checks setmine
against the reference without node.

    python3 bench/reference_tables.py --rsref PATH/TO/refeval.mjs

Each model is first written by ``setmine export`` (so the table also holds
that the reference reads setmine's sessions as setmine meant them): the
study plan from its setmine model file, and the tiny Saper board with both
shipped schemas.  Run it again when a shipped model or schema changes."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "model" / "data"
CASES = {
    "study-plan": ["spec/models/study-plan.model.json", "--spec", "spec/models/study-plan.rsl"],
    "tiny-2x2-written": ["tiny-2x2", "--spec", "spec/saper.rsl"],
    "tiny-2x2-corrected": ["tiny-2x2", "--spec", "spec/saper-corrected.rsl"],
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rsref", required=True, help="the path of refeval.mjs")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, argv in CASES.items():
            session = Path(tmp) / f"{name}.session.json"
            subprocess.run([sys.executable, "-c", "import sys, setmine.cli as c; "
                            "sys.exit(c.main(sys.argv[1:]))", "export", *argv, "-o",
                            str(session)], check=True, cwd=ROOT)
            ran = subprocess.run(["node", args.rsref, str(session), "--array", "--no-text"],
                                 check=True, capture_output=True, text=True)
            rows = [{k: row.get(k) for k in ("alias", "cstType", "typification", "statusName",
                                             "value", "binding")}
                    | {"codes": [d["name"] for d in row["diagnostics"]
                                 if d.get("severity") == "error"]}
                    for row in json.loads(ran.stdout)]
            target = OUT / f"{name}.reference.json"
            target.write_text(json.dumps({"session": json.loads(session.read_text()),
                                          "reference": rows}, ensure_ascii=False, indent=0)
                              + "\n", encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}: {len(rows)} constituents")
    return 0


if __name__ == "__main__":
    sys.exit(main())
