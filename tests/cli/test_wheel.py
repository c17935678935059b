"""The built wheel is the one `partiar` package with its grammars and model, without the training code, and
the `partiar` command works from it alone."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from conftest import EXAMPLES, ROOT

pytestmark = pytest.mark.slow


def test_wheel_contains_grammars_and_runs(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("partiar-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {
        "partiar/grammars/movetext.lark",
        "partiar/cli/main.py",
        "partiar/ocr/models/ctc.onnx",
        "partiar/ocr/models/ctc-large.onnx",
    } <= set(names)
    assert {name.split("/")[0] for name in names} == {
        "partiar",
        f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info",
    }
    assert not any("training" in name for name in names)

    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    # The wheel's own files come first; dependencies come from this environment; the source tree is not seen.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), sysconfig.get_paths()["purelib"]]))
    result = subprocess.run(
        [str(target / "bin" / "partiar"), "convert", str(EXAMPLES / "cz-2009-sample.txt"), "--from", "cs"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "14. O-O Nd7" in result.stdout
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import partiar.notation, partiar.grammars as g; print(partiar.notation.__file__, g.__file__)",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=True,
    ).stdout
    assert str(ROOT) not in where and str(target) in where
