#!/usr/bin/env bash
# tests/install/CMakeLists.txt runs this as the ctest test `install_pip`:
#   pip_test.sh SOURCE BUILD PYTHON VERSION
# The Python package as pip builds and installs it, with nothing downloaded: `pip wheel
# --no-build-isolation` in a virtual environment (with the system's site packages, where
# Debian's numpy is), the wheel's contents, `pip install` of the wheel, `import billiards`
# from a folder outside both trees, `pip uninstall`. The package is built from a copy of the
# files pip reads, so the source tree stays as it was; setup.py takes the module from this
# build (BILLIARDS_CMAKE_BUILD_DIR) rather than compiling the engine again. A build from
# nothing is `pip install .` itself (docs/PYTHON.md).
set -euo pipefail
source=$1 build=$2 python=$3 version=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/billiards-install_pip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

grep -qx "version = \"$version\" .*" "$source/pyproject.toml" ||
    fail "pyproject.toml's version is not the project's $version"

step "a copy of what pip reads"
mkdir "$tmp/src"
cp -r "$source/pyproject.toml" "$source/setup.py" "$source/README.md" "$source/LICENSE" \
    "$tmp/src/"
mkdir "$tmp/src/python"
cp -r "$source/python/billiards" "$tmp/src/python/"

step "pip wheel, in a virtual environment"
"$python" -m venv --system-site-packages "$tmp/venv" || fail "python3 -m venv (Debian: python3-venv)"
(cd "$tmp" && BILLIARDS_CMAKE_BUILD_DIR=$build PIP_NO_INDEX=1 \
    "$tmp/venv/bin/pip" wheel --no-build-isolation --no-deps --quiet -w "$tmp/wheels" "$tmp/src") ||
    fail "pip wheel"
wheel=$(ls "$tmp"/wheels/billiards-"$version"-*.whl) || fail "no wheel billiards-$version-*.whl"
"$python" - "$wheel" <<'PY' || fail "the wheel's contents"
import sys
import zipfile

names = zipfile.ZipFile(sys.argv[1]).namelist()
for want in ("billiards/__init__.py", "billiards/batch.py", "billiards/env.py",
             "billiards/_billiards.pyi", "billiards/py.typed"):
    assert want in names, f"{want} not in {names}"
assert any(n.startswith("billiards/_billiards") and n.endswith(".so") for n in names), names
print(f"{sys.argv[1].rsplit('/', 1)[-1]}: {len(names)} files")
PY

step "pip install of the wheel"
(cd "$tmp" && PIP_NO_INDEX=1 "$tmp/venv/bin/pip" install --no-deps --quiet "$wheel") ||
    fail "pip install $wheel"

step "import billiards from elsewhere"
mkdir "$tmp/elsewhere"
(cd "$tmp/elsewhere" && env -u PYTHONPATH "$tmp/venv/bin/python" - "$tmp/venv" "$version" \
    "$source/assets/scenarios/break-9ball.json") <<'PY' || fail "the installed package"
import importlib.metadata
import pathlib
import sys

import billiards

venv, version, scenario = sys.argv[1], sys.argv[2], sys.argv[3]
where = pathlib.Path(billiards.__file__).resolve()
assert where.is_relative_to(pathlib.Path(venv).resolve()), f"imported from {where}"
assert importlib.metadata.version("billiards") == version, importlib.metadata.version("billiards")
result = billiards.simulate(scenario)
assert result["format"].startswith("billiards-result"), result["format"]
assert result["counts"]["ball_ball"] > 0, result["counts"]
world = billiards.World()
world.add_ball(0, (0.0, 0.0), velocity=(1.0, 0.0))
world.run()
assert world.at_rest, "a lone ball did not come to rest"
print(f"billiards {version} from {where.parent}: break {result['counts']}")
PY

step "pip uninstall"
"$tmp/venv/bin/pip" uninstall --yes --quiet billiards || fail "pip uninstall"
(cd "$tmp/elsewhere" && env -u PYTHONPATH "$tmp/venv/bin/python" -c 'import billiards' \
    2>/dev/null) && fail "billiards still imports after pip uninstall"

echo "install_pip: ok"
