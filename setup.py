"""The compiled module of `pip install .`: CMake builds it, setuptools packages it.

pyproject.toml holds the package's metadata; this file only adds the build step. It
configures this source tree with CMake (Release, the Python module only: no game, tests or
benchmarks) in setuptools' temporary folder, builds the target `billiards_python` and copies
`_billiards` into the package. Environment:

- BILLIARDS_CMAKE_ARGS: more arguments for the configure step (split on spaces).
- BILLIARDS_CMAKE_BUILD_DIR: an already configured build tree to build and take the module
  from instead (tests use their own build, so nothing is compiled twice).
- CMAKE_BUILD_PARALLEL_LEVEL: jobs for the build (CMake's own variable).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        given = os.environ.get("BILLIARDS_CMAKE_BUILD_DIR")
        if given:
            build_dir = Path(given).resolve()
        else:
            build_dir = Path(self.build_temp).resolve() / "cmake"
            configure = [
                "cmake", "-S", str(ROOT), "-B", str(build_dir),
                "-DCMAKE_BUILD_TYPE=Release",
                "-DBILLIARDS_PYTHON=ON", "-DBILLIARDS_GAME=OFF",
                "-DBILLIARDS_TESTS=OFF", "-DBILLIARDS_BENCH=OFF",
                f"-DPython3_EXECUTABLE={sys.executable}",
            ]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            configure += os.environ.get("BILLIARDS_CMAKE_ARGS", "").split()
            subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "billiards_python"],
                       check=True)
        built = sorted((build_dir / "python" / "billiards").glob("_billiards*.so"))
        if len(built) != 1:
            raise RuntimeError(f"expected one _billiards module in {build_dir}/python/billiards, "
                               f"found {[p.name for p in built]}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[CMakeExtension("billiards._billiards")], cmdclass={"build_ext": CMakeBuild})
