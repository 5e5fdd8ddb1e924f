"""Every place setmine writes a file respects what the file is (issue 46):
a regular file is replaced whole, keeping its permissions; a link is written
through, and stays a link; a FIFO, the null device, ``/dev/stdout`` and
``-`` (where the option takes it) are written in place; any other device,
a socket or a folder is refused with exit status 2 before any work, and an
empty name is a usage error.  A checkpoint that is not a regular file is
refused before it is read.  One rule: ``setmine.base.targets``."""

from __future__ import annotations

import os
import socket
import stat
import threading
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest

from setmine import resources
from setmine.base import targets
from setmine.base.targets import IN_PLACE, REPLACE, STDOUT, TargetError, target
from setmine.cli import main

GRAPHS = "X1\nS1 ::= ℬ(X1×X1)\n"
OLD = "# old\n"   # a comment: an .rsl file whose glosses import keeps


@pytest.fixture
def graphs(tmp_path) -> str:
    path = tmp_path / "graphs.rsl"
    path.write_text(GRAPHS, encoding="utf-8")
    return str(path)


@pytest.fixture
def cheap_pages(monkeypatch):
    """The report pages drawn as a stub: what is tested here is where the
    page goes, not what it holds."""
    from setmine.pictures import page, report_data

    monkeypatch.setattr(report_data, "build",
                        lambda *args, **kwargs: SimpleNamespace(sections=[], note=""))
    monkeypatch.setattr(page, "report_page", lambda report: "<!DOCTYPE html>stub\n")


# each writer: its command line for a target, its exit status when it wrote,
# and the function it does its work with (patched to fail: refused before it)
WRITERS = {
    "export -o": (lambda out, g: ["export", "tiny-2x2", "-o", out], 0,
                  "setmine.cli.export.load_subject"),
    "import -o": (lambda out, g: ["import", str(resources.WRITTEN_SCHEMA), "-o", out], 0,
                  "setmine.cli.import_.read_contents"),
    "report -o": (lambda out, g: ["report", "tiny-2x2", "--no-against", "-o", out], 0,
                  "setmine.pictures.report_data.build"),
    "verify --write-model": (lambda out, g: ["verify", "--spec", g, "--scope", "models",
                                             "--sizes", "X1<=1", "--write-model", out], 0,
                             "setmine.cli.verify_models.search"),
    "verify --report": (lambda out, g: ["verify", "--shapes", "1x2", "--assert", "card(X1) = 3",
                                        "--report", out], 1,
                        "setmine.verification.boards.run.verify"),
    "defects --write": (lambda out, g: ["defects", "--max-cells", "2", "--examples", "0",
                                        "--write", out], 1, "setmine.cli.defects.search"),
    "repair -o": (lambda out, g: ["repair", "D14", "--scope", "cells<=2", "--validate", "none",
                                  "--apply", "-o", out], 0, "setmine.cli.repair.repair"),
}


def run(name: str, out, graphs: str) -> int:
    argv, _, _ = WRITERS[name]
    return main(argv(str(out), graphs))


def device(path: Path, minor: int = 7) -> Path:
    """A character device made here: (1, 7) is the full device, (1, 5) the zero one."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD)")
    return path


@contextmanager
def fifo_reader(path: Path):
    """A FIFO at ``path`` with a thread reading it whole: ``got["data"]``."""
    os.mkfifo(path)
    got: dict = {}

    def read() -> None:
        with open(path, "rb") as handle:
            got["data"] = handle.read()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    try:
        yield got
    finally:
        thread.join(5)
        if thread.is_alive():   # nothing opened the FIFO to write: let the reader go
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            thread.join(5)


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- each writer, each kind of target


@pytest.mark.parametrize("name", WRITERS)
def test_a_regular_file_is_replaced_whole_keeping_its_permissions(name, tmp_path, graphs,
                                                                  cheap_pages):
    out = tmp_path / "out"
    out.write_text(OLD)
    out.chmod(0o640)
    before = out.stat().st_ino
    assert run(name, out, graphs) == WRITERS[name][1]
    assert out.read_text(encoding="utf-8") not in ("", OLD)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert out.stat().st_ino != before        # a new file renamed over the old one
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("name", WRITERS)
def test_a_link_is_written_through_and_stays_a_link(name, tmp_path, graphs, cheap_pages):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "real.out"
    real.write_text(OLD)
    real.chmod(0o640)
    link = tmp_path / "link.out"
    link.symlink_to(Path("elsewhere") / "real.out")
    assert run(name, link, graphs) == WRITERS[name][1]
    assert link.is_symlink() and os.readlink(link) == str(Path("elsewhere") / "real.out")
    assert real.read_text(encoding="utf-8") not in ("", OLD)
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == [] and leftovers(elsewhere) == []


def test_a_dangling_link_creates_the_file_it_names(tmp_path, capsys):
    link = tmp_path / "link.json"
    link.symlink_to("made.json")
    assert main(["export", "tiny-2x2", "-o", str(link)]) == 0
    assert link.is_symlink() and (tmp_path / "made.json").read_text().startswith("{")
    (tmp_path / "gone").symlink_to(tmp_path / "no" / "such" / "file")
    assert main(["export", "tiny-2x2", "-o", str(tmp_path / "gone")]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.parametrize("name", WRITERS)
def test_a_fifo_is_written_in_place(name, tmp_path, graphs, cheap_pages):
    fifo = tmp_path / "fifo"
    with fifo_reader(fifo) as got:
        assert run(name, fifo, graphs) == WRITERS[name][1]
    assert got.get("data"), "nothing was written into the FIFO"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("name", WRITERS)
def test_the_null_device_is_written_in_place(name, graphs, cheap_pages):
    null = os.stat(os.devnull)
    assert run(name, os.devnull, graphs) == WRITERS[name][1]
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == null.st_rdev


@pytest.mark.parametrize("name", WRITERS)
def test_another_device_is_refused_before_the_work(name, tmp_path, graphs, capsys,
                                                   monkeypatch):
    full = device(tmp_path / "full")

    def no_work(*args, **kwargs):
        raise AssertionError("the work ran before the target was checked")
    monkeypatch.setattr(WRITERS[name][2], no_work)
    assert run(name, full, graphs) == 2
    err = capsys.readouterr().err
    assert f"{full}: is a character device; give a regular file, a FIFO" in err, err
    assert stat.S_ISCHR(os.lstat(full).st_mode)


@pytest.mark.parametrize("argv, option", [
    (["export", "tiny-2x2", "-o", ""], "-o/--output"),
    (["import", str(resources.WRITTEN_SCHEMA), "-o", ""], "-o/--output"),
    (["report", "tiny-2x2", "-o", ""], "-o/--output"),
    (["verify", "--scope", "models", "--sizes", "X1<=1", "--write-model", ""], "--write-model"),
    (["verify", "--report", ""], "--report"),
    (["verify", "--checkpoint", ""], "--checkpoint"),
    (["play", "--checkpoint", ""], "--checkpoint"),
    (["defects", "--write", ""], "--write"),
    (["repair", "D14", "--apply", "-o", ""], "-o/--output"),
    (["docs", "--out", ""], "--out"),
])
def test_an_empty_name_is_a_usage_error(argv, option, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"argument {option}: expected a file name, got an empty one" in err, err


def test_a_socket_and_a_folder_are_refused(tmp_path, capsys):
    place = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(place))
        assert main(["export", "tiny-2x2", "-o", str(place)]) == 2
        assert "is a socket" in capsys.readouterr().err
    finally:
        server.close()
    assert stat.S_ISSOCK(os.lstat(place).st_mode)
    (tmp_path / "folder").mkdir()
    (tmp_path / "to-folder").symlink_to("folder")
    assert main(["export", "tiny-2x2", "-o", str(tmp_path / "to-folder")]) == 2
    assert "which is a folder" in capsys.readouterr().err


# -- standard output


def test_a_dash_is_standard_output_where_the_option_takes_it(capsys, cheap_pages, graphs,
                                                             tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["export", "tiny-2x2", "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("{") and err == "" and not Path("-").exists()
    assert main(["report", "tiny-2x2", "-o", "-"]) == 0
    out, err = capsys.readouterr()
    assert out == "<!DOCTYPE html>stub\n" and "wrote standard output" in err
    assert main(["verify", "--spec", graphs, "--scope", "models", "--sizes", "X1<=1",
                 "--write-model", "-"]) == 2
    assert "--write-model -: standard output is not taken here" in capsys.readouterr().err
    assert not Path("-").exists()


def test_dev_stdout_is_written_in_place(capsys):
    assert main(["export", "tiny-2x2", "-o", "/dev/stdout"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("{") and "wrote /dev/stdout" in err


# -- checkpoints


CHECKPOINTED = {
    "verify": (["verify", "--shapes", "1x2"], "setmine.verification.boards.run.verify"),
    "play": (["play", "--level", "5x5x3", "--games", "2"], "setmine.cli.play.play_tasks"),
}


@pytest.mark.parametrize("command", CHECKPOINTED)
@pytest.mark.parametrize("kind", ["character device", "FIFO"])
def test_a_checkpoint_that_is_not_a_regular_file_is_refused_before_reading(
        command, kind, tmp_path, capsys, monkeypatch):
    from setmine.verification.checkpoint import Checkpoint

    path = tmp_path / "run.ckpt"
    if kind == "FIFO":
        os.mkfifo(path)
    else:
        device(path, minor=5)        # the zero device: read, it never ends

    def no_work(*args, **kwargs):
        raise AssertionError("the checkpoint was opened")
    argv, work = CHECKPOINTED[command]
    monkeypatch.setattr(work, no_work)
    monkeypatch.setattr(Checkpoint, "_load", no_work)
    assert main([*argv, "--checkpoint", str(path)]) == 2
    err = capsys.readouterr().err
    # a long path is shortened past 80 characters (pytest's folders grow with its runs)
    assert f"--checkpoint {str(path)[:60]}" in err, err
    assert f": a {kind}, not a checkpoint file" in err, err
    assert stat.S_IFMT(os.lstat(path).st_mode) == (stat.S_IFIFO if kind == "FIFO"
                                                   else stat.S_IFCHR)


@pytest.mark.parametrize("kind", ["character device", "FIFO", "folder"])
def test_the_checkpoint_itself_refuses_what_is_not_a_regular_file(kind, tmp_path, monkeypatch):
    from setmine.verification.checkpoint import Checkpoint, CheckpointError

    path = tmp_path / "run.ckpt"
    if kind == "FIFO":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        device(path, minor=5)
    monkeypatch.setattr(Checkpoint, "_load", lambda self: pytest.fail("read"))
    with pytest.raises(CheckpointError, match=f"a {kind}, not a checkpoint file"):
        Checkpoint(path, {}, 1)


def test_a_checkpoint_through_a_link_is_kept_in_the_file_it_names(tmp_path, capsys):
    (tmp_path / "runs").mkdir()
    link = tmp_path / "run.ckpt"
    link.symlink_to(Path("runs") / "real.ckpt")
    argv = ["verify", "--shapes", "1x2", "--json", "--checkpoint", str(link)]
    assert main(argv) == main(argv) == 0     # the second run resumes from the file
    assert link.is_symlink()
    assert (tmp_path / "runs" / "real.ckpt").read_text().startswith('{"setmine-checkpoint":')


# -- the rule itself, and the writers outside the command line


def test_what_a_name_is(tmp_path):
    regular = tmp_path / "a.txt"
    regular.write_text("x")
    assert target(regular).how == REPLACE and target(tmp_path / "new.txt").how == REPLACE
    (tmp_path / "link").symlink_to("a.txt")
    assert target(tmp_path / "link").path == regular
    os.mkfifo(tmp_path / "fifo")
    assert target(tmp_path / "fifo").how == IN_PLACE
    assert target(os.devnull).how == IN_PLACE
    assert target("/dev/stdout").fd == 1 and target("/dev/stdout").stdout
    assert target("-", stdout=True).how == STDOUT
    with pytest.raises(TargetError, match="standard output is not taken here"):
        target("-", "--write")
    with pytest.raises(TargetError, match="an empty file name"):
        target("", "--write")
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(TargetError, match="too many levels of symbolic links"):
        target(tmp_path / "loop")
    with pytest.raises(TargetError, match="is a folder"):
        target(tmp_path)
    with pytest.raises(TargetError, match="the folder .*nope does not exist"):
        target(tmp_path / "nope" / "x")
    with pytest.raises(TargetError, match="is standard input"):
        target("/dev/stdin")


def test_the_writers_outside_the_command_line(tmp_path, cheap_pages):
    import setmine
    from setmine.exteor import read_exteor, write_trs
    from setmine.present.pages import doc_files

    full = device(tmp_path / "full")
    with pytest.raises(TargetError, match="is a character device"):
        setmine.report("corrected", "tiny-2x2", path=full)
    (tmp_path / "page.html").symlink_to("real.html")
    setmine.report("corrected", "tiny-2x2", path=tmp_path / "page.html")
    assert (tmp_path / "real.html").read_text() == "<!DOCTYPE html>stub\n"

    (tmp_path / "s.trs").symlink_to("real.trs")
    write_trs(read_exteor(resources.SEED), tmp_path / "s.trs")
    assert (tmp_path / "s.trs").is_symlink() and (tmp_path / "real.trs").read_bytes()[:2] == b"PK"
    write_trs(read_exteor(resources.SEED), os.devnull)
    with pytest.raises(TargetError, match="is a character device"):
        write_trs(read_exteor(resources.SEED), full)

    pages = tmp_path / "pages"
    (pages / "img").mkdir(parents=True)
    (pages / "A.md").symlink_to(tmp_path / "real.md")
    assert doc_files.write({"A.md": "a\n"}, pages) == ["A.md"]
    assert (pages / "A.md").is_symlink() and (tmp_path / "real.md").read_text() == "a\n"
    assert doc_files.write({"A.md": "a\n"}, pages) == []
    device(pages / "img" / "B.svg")
    with pytest.raises(TargetError, match="is a character device"):
        doc_files.write({"img/B.svg": "<svg/>"}, pages)


def test_docs_out_onto_a_file_is_refused_before_the_work(tmp_path, capsys, monkeypatch):
    from setmine.present.pages import schema_pages

    monkeypatch.setattr(schema_pages, "generate", lambda: pytest.fail("generated"))
    (tmp_path / "file").write_text("x")
    assert main(["docs", "--out", str(tmp_path / "file")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_one_rule_for_every_writer():
    """No module of setmine writes a file but through setmine.base.targets
    (the one writer; the checkpoint opens its file after its check)."""
    import re

    root = Path(targets.__file__).parents[1]
    writes = re.compile(r"write_text\(|write_bytes\(|open\([^)]*[\"'][wax]b?\+?[\"']|os\.replace\(")
    found = [f"{path.relative_to(root)}: {line.strip()}"
             for path in sorted(root.rglob("*.py")) if path != Path(targets.__file__)
             for line in path.read_text(encoding="utf-8").splitlines() if writes.search(line)]
    assert found == [], found


def test_a_fifo_nobody_reads_is_refused_not_waited_on_for_ever(tmp_path, monkeypatch):
    from setmine.base import targets

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.setattr(targets, "FIFO_WAIT", 0.3)
    with pytest.raises(targets.TargetError, match="nothing read the FIFO"):
        targets.write(str(fifo), "hi")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("name", ["file/", "nothere/"])
def test_a_name_ending_in_a_slash_is_no_file(tmp_path, name):
    from setmine.base import targets

    (tmp_path / "file").write_text("kept")
    with pytest.raises(targets.TargetError, match="names a folder"):
        targets.write(f"{tmp_path}/{name}", "x")
    assert (tmp_path / "file").read_text() == "kept" and not (tmp_path / "nothere").exists()


def test_a_link_through_a_missing_folder_is_refused(tmp_path):
    from setmine.base import targets

    (tmp_path / "link").symlink_to("missing/../x")
    with pytest.raises(targets.TargetError):
        targets.write(str(tmp_path / "link"), "x")
    assert not (tmp_path / "x").exists()


def test_an_option_s_file_ending_in_a_slash_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "file").write_text("kept")
    assert main(["export", "tiny-2x2", "-o", f"{tmp_path}/file/"]) == 2
    assert "ends in /" in capsys.readouterr().err and (tmp_path / "file").read_text() == "kept"
